<?php
/**
 * REST routes of the admin screen.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Admin;

use ManufacturerAgent\Bridge\Config_Sync;
use ManufacturerAgent\Catalog\Pictures;
use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Enquiries\Enquiries;
use ManufacturerAgent\Settings\Schemas;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * /wp-json/manufacturer-agent-admin/v1: read and save the site configuration, list handoffs, show
 * the sidecar's status. Administrators only; cookie authentication needs the REST nonce.
 */
final class Admin_Routes {

	public const NAMESPACE = 'manufacturer-agent-admin/v1';

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client $client    The sidecar.
	 * @param Config_Sync    $sync      Applies configurations.
	 * @param Enquiries      $enquiries The enquiries people sent (WordPress's alone).
	 * @param Service_Health $health    The sidecar's checks (the Status tab shows them).
	 */
	public function __construct( private Sidecar_Client $client, private Config_Sync $sync, private Enquiries $enquiries, private Service_Health $health ) {
	}

	/**
	 * A property's enum in a built schema (schemas/ stays its only home), or null when not built.
	 *
	 * @param string $schema   Built schema name.
	 * @param string $property Property name.
	 * @return list<string>|null
	 */
	private static function built_enum( string $schema, string $property ): ?array {
		$enum = Schemas::get( $schema )['properties'][ $property ]['enum'] ?? null;
		return is_array( $enum ) ? array_values( array_map( 'strval', $enum ) ) : null;
	}

	/**
	 * Only administrators edit what agents read.
	 */
	public function can_manage(): bool {
		return current_user_can( 'manage_options' );
	}

	/**
	 * Registers the routes.
	 */
	public function register(): void {
		$admin  = array( $this, 'can_manage' );
		$config = array(
			'config' => array(
				'type'        => 'object',
				'required'    => true,
				'description' => __( 'The whole site configuration (schemas/site-config.schema.json).', 'manufacturer-agent' ),
			),
		);
		register_rest_route(
			self::NAMESPACE,
			'/config',
			array(
				array( 'methods' => 'GET', 'callback' => array( $this, 'get_config' ), 'permission_callback' => $admin ),
				array( 'methods' => 'PUT', 'callback' => array( $this, 'put_config' ), 'permission_callback' => $admin, 'args' => $config ),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/config/validate',
			array( 'methods' => 'POST', 'callback' => array( $this, 'validate_config' ), 'permission_callback' => $admin, 'args' => $config )
		);
		register_rest_route(
			self::NAMESPACE,
			'/handoffs',
			array(
				'methods'             => 'GET',
				'callback'            => array( $this, 'list_handoffs' ),
				'permission_callback' => $admin,
				'args'                => array(
					'page'      => array( 'type' => 'integer', 'minimum' => 1, 'default' => 1 ),
					'per_page'  => array( 'type' => 'integer', 'minimum' => 1, 'maximum' => 100, 'default' => 20 ),
					'next_step' => self::filter_arg( 'handoff', 'next_step' ),
					'state'     => self::filter_arg( 'handoff-record', 'state' ),
				),
			)
		);
		register_rest_route( self::NAMESPACE, '/status', array( 'methods' => 'GET', 'callback' => array( $this, 'status' ), 'permission_callback' => $admin ) );
	}

	/**
	 * A list filter: one of the schema's values, or '' for all. Without a built enum any string
	 * passes here and the sidecar, which knows its values, refuses an unknown one.
	 *
	 * @param string $schema   Built schema name.
	 * @param string $property Property name.
	 * @return array<string, mixed>
	 */
	private static function filter_arg( string $schema, string $property ): array {
		$enum = self::built_enum( $schema, $property );
		$arg  = array( 'type' => 'string', 'default' => '' );
		if ( null !== $enum ) {
			$arg['enum'] = array_merge( array( '' ), $enum );
		}
		return $arg;
	}

	/**
	 * GET /config.
	 */
	public function get_config(): \WP_REST_Response {
		return new \WP_REST_Response( self::config_answer( Settings::revision() ) );
	}

	/**
	 * The saved configuration, and what the screen shows of its pictures: a preview of each
	 * attachment, and the ones that can no longer be published (deleted, private), by material id.
	 *
	 * @param string $revision Its revision.
	 * @return array<string, mixed>
	 */
	private static function config_answer( string $revision ): array {
		$config = Settings::config();
		return array(
			'revision' => $revision,
			'config'   => $config,
			'pictures' => array(
				'previews'    => (object) Pictures::previews( $config ),
				'unavailable' => (object) Pictures::unavailable( $config ),
			),
		);
	}

	/**
	 * PUT /config: the sidecar checks and applies it first; only then are the options saved, whole.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function put_config( \WP_REST_Request $request ) {
		$revision = $this->sync->save( (array) $request->get_param( 'config' ) );
		if ( is_wp_error( $revision ) ) {
			return $revision;
		}
		return new \WP_REST_Response( self::config_answer( $revision ) );
	}

	/**
	 * POST /config/validate: the server's verdict before saving.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function validate_config( \WP_REST_Request $request ) {
		$valid = $this->sync->validate( (array) $request->get_param( 'config' ) );
		return is_wp_error( $valid ) ? $valid : new \WP_REST_Response( array( 'valid' => true ) );
	}

	/**
	 * GET /handoffs: newest first, filtered and paged by the sidecar.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function list_handoffs( \WP_REST_Request $request ) {
		$page     = (int) $request->get_param( 'page' );
		$per_page = (int) $request->get_param( 'per_page' );
		$query    = array( 'limit' => $per_page, 'offset' => ( $page - 1 ) * $per_page );
		foreach ( array( 'next_step', 'state' ) as $filter ) {
			$value = (string) $request->get_param( $filter );
			if ( '' !== $value ) {
				$query[ $filter ] = $value;
			}
		}
		try {
			$answer = $this->client->json( 'GET', '/_bridge/handoffs?' . http_build_query( $query ) );
		} catch ( Sidecar_Unavailable $e ) {
			return self::unavailable();
		}
		$data = $answer->json();
		if ( 200 !== $answer->status || ! is_array( $data ) ) {
			return new \WP_Error( 'sidecar_error', __( 'The agent service could not list the handoffs.', 'manufacturer-agent' ), array( 'status' => 502 ) );
		}
		$items     = array_values( array_filter( (array) ( $data['items'] ?? array() ), 'is_array' ) );
		$enquiries = $this->enquiries->for_handoffs( array_map( static fn( array $item ) => (string) ( $item['id'] ?? '' ), $items ) );
		foreach ( $items as &$item ) {
			$item['enquiry'] = $enquiries[ (string) ( $item['id'] ?? '' ) ] ?? null;
		}
		unset( $item );
		return new \WP_REST_Response(
			array(
				'total'    => (int) $data['total'],
				'page'     => $page,
				'per_page' => $per_page,
				'items'    => $items,
			)
		);
	}

	/**
	 * GET /status: is the sidecar there, and does it hold the saved configuration? When it holds
	 * another revision (it restarted, or missed a push) the saved configuration is pushed first, and
	 * `sync` says what happened; `checks` are Site Health's verdicts on the sidecar as it is then.
	 */
	public function status(): \WP_REST_Response {
		$sync    = $this->health->sync_if_stale();
		$current = $this->health->sidecar();
		$sidecar = array_merge(
			$current['data'],
			array( 'reachable' => $current['reachable'], 'url' => $this->client->base_url(), 'bridge_token_set' => $this->client->has_token() )
		);
		if ( '' !== $current['error'] ) {
			$sidecar['error'] = $current['error'];
		}
		return new \WP_REST_Response(
			array(
				'sidecar'            => $sidecar,
				'wordpress_revision' => Settings::revision(),
				'in_sync'            => ( $sidecar['revision'] ?? null ) === Settings::revision(),
				'sync'               => $sync,
				'checks'             => $this->health->checks(),
			)
		);
	}

	/**
	 * The sidecar is down.
	 */
	private static function unavailable(): \WP_Error {
		return new \WP_Error( 'sidecar_unavailable', __( 'The agent service cannot be reached right now. Please try again in a moment.', 'manufacturer-agent' ), array( 'status' => 503 ) );
	}
}
