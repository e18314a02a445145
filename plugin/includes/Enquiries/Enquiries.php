<?php
/**
 * Enquiries people sent, with their contact details: kept by WordPress only.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Enquiries;

defined( 'ABSPATH' ) || exit;

/**
 * A private post type, one post per enquiry, the fields as post meta. The sidecar never receives
 * any of it: it only learns that a handoff was submitted. The privacy exporter, the eraser and the
 * retention task find enquiries here.
 */
final class Enquiries {

	public const POST_TYPE   = 'ma_enquiry';
	public const META_PREFIX = '_manufacturer_agent_';

	/**
	 * What a person typed: the form's fields.
	 */
	public const CONTACT_FIELDS = array( 'name', 'company', 'email', 'phone', 'message' );

	/**
	 * Everything kept of an enquiry, beside the post's own date (when it was sent).
	 */
	public const FIELDS = array(
		'handoff_id',
		'name',
		'company',
		'email',
		'phone',
		'message',
		'consent_text',
		'locale',
		'summary',
		'mail_sent',
	);

	/**
	 * Every capability of the post type: only administrators (manage_options) reach an enquiry, by
	 * whatever door (XML-RPC, REST, wp-admin); nobody creates one but the form (wp_insert_post checks no
	 * capability). map_meta_cap stays off: with it on, WordPress would take a meta capability's name
	 * (edit_post → manage_options) as that meta capability and map manage_options itself per post.
	 */
	private const CAPABILITIES = array(
		'edit_post'              => 'manage_options',
		'read_post'              => 'manage_options',
		'delete_post'            => 'manage_options',
		'edit_posts'             => 'manage_options',
		'edit_others_posts'      => 'manage_options',
		'edit_private_posts'     => 'manage_options',
		'edit_published_posts'   => 'manage_options',
		'publish_posts'          => 'manage_options',
		'read_private_posts'     => 'manage_options',
		'read'                   => 'manage_options',
		'delete_posts'           => 'manage_options',
		'delete_others_posts'    => 'manage_options',
		'delete_private_posts'   => 'manage_options',
		'delete_published_posts' => 'manage_options',
		'create_posts'           => 'do_not_allow',
	);

	/**
	 * Registers the post type: not public, not queryable, no screen of its own (the Handoffs tab shows it).
	 */
	public static function register(): void {
		register_post_type(
			self::POST_TYPE,
			array(
				'labels'              => array(
					'name'          => __( 'Enquiries', 'manufacturer-agent' ),
					'singular_name' => __( 'Enquiry', 'manufacturer-agent' ),
				),
				'public'              => false,
				'publicly_queryable'  => false,
				'exclude_from_search' => true,
				'show_ui'             => false,
				'show_in_rest'        => false,
				'rewrite'             => false,
				'query_var'           => false,
				'can_export'          => false,
				'delete_with_user'    => false,
				'supports'            => array( 'title' ),
				'capabilities'        => self::CAPABILITIES,
				'map_meta_cap'        => false,
			)
		);
	}

	/**
	 * Stores an enquiry.
	 *
	 * @param array<string, mixed> $enquiry Keys of FIELDS; missing ones are stored empty.
	 * @return int|\WP_Error The enquiry's id.
	 */
	public function save( array $enquiry ) {
		$meta = array();
		foreach ( self::FIELDS as $field ) {
			$meta[ self::META_PREFIX . $field ] = (string) ( $enquiry[ $field ] ?? '' );
		}
		$name    = (string) ( $enquiry['name'] ?? '' );
		$company = (string) ( $enquiry['company'] ?? '' );
		return wp_insert_post(
			array(
				'post_type'   => self::POST_TYPE,
				'post_status' => 'private',
				'post_title'  => '' === $company ? $name : $name . ' (' . $company . ')',
				'meta_input'  => $meta,
			),
			true,
			false
		);
	}

	/**
	 * An enquiry's fields, with its id and the time it was sent (ISO 8601, UTC).
	 *
	 * @param int $id Enquiry id.
	 * @return array<string, mixed>|null
	 */
	public function get( int $id ): ?array {
		$post = get_post( $id );
		if ( ! $post instanceof \WP_Post || self::POST_TYPE !== $post->post_type ) {
			return null;
		}
		$enquiry = array(
			'id'      => (int) $post->ID,
			'sent_at' => gmdate( 'Y-m-d\TH:i:s\Z', (int) strtotime( $post->post_date_gmt . ' UTC' ) ),
		);
		foreach ( self::FIELDS as $field ) {
			$enquiry[ $field ] = (string) get_post_meta( $post->ID, self::META_PREFIX . $field, true );
		}
		return $enquiry;
	}

	/**
	 * Records whether the advisors' e-mail went out.
	 *
	 * @param int  $id   Enquiry id.
	 * @param bool $sent Whether wp_mail accepted it.
	 */
	public function mark_mail( int $id, bool $sent ): void {
		update_post_meta( $id, self::META_PREFIX . 'mail_sent', $sent ? '1' : '0' );
	}

	/**
	 * The enquiries sent for these handoffs, keyed by handoff id (the newest, if one was sent twice).
	 *
	 * @param list<string> $handoff_ids Handoff ids.
	 * @return array<string, array<string, mixed>>
	 */
	public function for_handoffs( array $handoff_ids ): array {
		$handoff_ids = array_values( array_filter( $handoff_ids, 'is_string' ) );
		if ( ! $handoff_ids ) {
			return array();
		}
		$ids = get_posts(
			array(
				'post_type'        => self::POST_TYPE,
				'post_status'      => 'private',
				'fields'           => 'ids',
				'numberposts'      => -1,
				'orderby'          => 'date',
				'order'            => 'ASC',
				'suppress_filters' => true,
				'meta_query'       => array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- an admin list of at most 100 handoffs.
					array(
						'key'     => self::META_PREFIX . 'handoff_id',
						'value'   => $handoff_ids,
						'compare' => 'IN',
					),
				),
			)
		);
		$found = array();
		foreach ( $ids as $id ) {
			$enquiry = $this->get( (int) $id );
			if ( $enquiry ) {
				$found[ $enquiry['handoff_id'] ] = $enquiry;
			}
		}
		return $found;
	}

	/**
	 * Ids of the enquiries sent with this e-mail address, oldest first (for the exporter and eraser).
	 *
	 * @param string $email    E-mail address.
	 * @param int    $page     1-based page.
	 * @param int    $per_page Enquiries a page.
	 * @return list<int>
	 */
	public function ids_by_email( string $email, int $page, int $per_page ): array {
		return array_map(
			'intval',
			get_posts(
				array(
					'post_type'        => self::POST_TYPE,
					'post_status'      => 'private',
					'fields'           => 'ids',
					'numberposts'      => $per_page,
					'paged'            => max( 1, $page ),
					'orderby'          => 'ID',
					'order'            => 'ASC',
					'suppress_filters' => true,
					'meta_query'       => array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- privacy requests are rare.
						array(
							'key'   => self::META_PREFIX . 'email',
							'value' => $email,
						),
					),
				)
			)
		);
	}

	/**
	 * Ids of enquiries sent before a time, oldest first (for the retention task).
	 *
	 * @param int $before Unix time.
	 * @param int $limit  At most this many.
	 * @return list<int>
	 */
	public function ids_sent_before( int $before, int $limit ): array {
		return array_map(
			'intval',
			get_posts(
				array(
					'post_type'        => self::POST_TYPE,
					'post_status'      => 'any',
					'fields'           => 'ids',
					'numberposts'      => $limit,
					'orderby'          => 'date',
					'order'            => 'ASC',
					'suppress_filters' => true,
					'date_query'       => array(
						array(
							'column' => 'post_date_gmt',
							'before' => gmdate( 'Y-m-d H:i:s', $before ),
						),
					),
				)
			)
		);
	}

	/**
	 * Deletes an enquiry and its fields for good (no trash: it holds personal data).
	 *
	 * @param int $id Enquiry id.
	 */
	public function delete( int $id ): bool {
		$post = get_post( $id );
		if ( ! $post instanceof \WP_Post || self::POST_TYPE !== $post->post_type ) {
			return false;
		}
		return (bool) wp_delete_post( $id, true );
	}
}
