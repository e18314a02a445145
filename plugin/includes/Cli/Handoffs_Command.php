<?php
/**
 * wp manufacturer-agent handoffs: the handoffs agents created, as the admin screen lists them.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Cli;

use ManufacturerAgent\Admin\Admin_Routes;
use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Enquiries\Enquiries;
use ManufacturerAgent\Settings\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * Lists handoffs with the admin screen's filters, and shows one with the enquiry sent for it.
 */
final class Handoffs_Command {

	/** The list's columns. */
	private const FIELDS = array( 'id', 'next_step', 'state', 'created_at', 'opened_at', 'submitted_at', 'expired_at', 'enquiry' );

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client $client    The sidecar.
	 * @param Admin_Routes   $admin     The admin screen's routes: the list is theirs.
	 * @param Enquiries      $enquiries The enquiries people sent.
	 */
	public function __construct( private Sidecar_Client $client, private Admin_Routes $admin, private Enquiries $enquiries ) {
	}

	/**
	 * Lists handoffs, newest first.
	 *
	 * ## OPTIONS
	 *
	 * [--next_step=<next_step>]
	 * : Only handoffs of this next step (project_enquiry, sample_request, wallcheck).
	 *
	 * [--state=<state>]
	 * : Only handoffs in this state (created, opened, submitted, expired).
	 *
	 * [--page=<page>]
	 * : Page, from 1.
	 * ---
	 * default: 1
	 * ---
	 *
	 * [--per_page=<per_page>]
	 * : Handoffs a page, 1 to 100.
	 * ---
	 * default: 20
	 * ---
	 *
	 * [--format=<format>]
	 * : Output format.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - csv
	 *   - yaml
	 *   - ids
	 *   - count
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp manufacturer-agent handoffs list --state=submitted --format=json
	 *
	 * @subcommand list
	 * @param list<string>          $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function list_( array $args, array $assoc_args ): void {
		unset( $args );
		$request = new \WP_REST_Request( 'GET', '/' . Admin_Routes::NAMESPACE . '/handoffs' );
		foreach ( array( 'next_step' => 'next_step', 'state' => 'handoff_state' ) as $filter => $enum ) {
			$value = (string) ( $assoc_args[ $filter ] ?? '' );
			if ( '' !== $value && ! in_array( $value, Contract::values( $enum ), true ) ) {
				/* translators: 1: option, 2: allowed values */
				\WP_CLI::error( sprintf( __( '--%1$s must be one of: %2$s.', 'manufacturer-agent' ), $filter, implode( ', ', Contract::values( $enum ) ) ) );
			}
			$request->set_param( $filter, $value );
		}
		foreach ( array( 'page' => array( 1, PHP_INT_MAX ), 'per_page' => array( 1, 100 ) ) as $option => $range ) {
			$value = filter_var( $assoc_args[ $option ] ?? '', FILTER_VALIDATE_INT, array( 'options' => array( 'min_range' => $range[0], 'max_range' => $range[1] ) ) );
			if ( false === $value ) {
				/* translators: 1: option, 2: smallest value, 3: largest value */
				\WP_CLI::error( sprintf( __( '--%1$s must be a whole number from %2$d to %3$d.', 'manufacturer-agent' ), $option, $range[0], $range[1] ) );
			}
			$request->set_param( $option, $value );
		}
		$page = $this->admin->list_handoffs( $request );
		if ( is_wp_error( $page ) ) {
			\WP_CLI::error( $page->get_error_message() );
		}
		$data  = (array) $page->get_data();
		$items = array();
		foreach ( (array) $data['items'] as $item ) {
			$row            = array_intersect_key( (array) $item, array_flip( self::FIELDS ) );
			$row['enquiry'] = is_array( $item['enquiry'] ?? null ) ? (int) $item['enquiry']['id'] : '';
			$items[]        = $row;
		}
		\WP_CLI\Utils\format_items( (string) ( $assoc_args['format'] ?? 'table' ), $items, self::FIELDS );
	}

	/**
	 * Shows one handoff: what the agent collected, where it stands, and the enquiry sent for it.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : The handoff's id (ho_…).
	 *
	 * [--format=<format>]
	 * : Output format.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - yaml
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp manufacturer-agent handoffs show ho_8f3a… --format=json
	 *
	 * @param list<string>          $args       The id.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function show( array $args, array $assoc_args ): void {
		$id = (string) ( $args[0] ?? '' );
		/* translators: %s: handoff id */
		$unknown = sprintf( __( 'No handoff has the id %s.', 'manufacturer-agent' ), $id );
		if ( ! Contract::is_handoff_id( $id ) ) {
			\WP_CLI::error( $unknown );
		}
		try {
			$answer = $this->client->json( 'GET', Contract::get( 'bridge_prefix' ) . '/handoffs/' . $id );
		} catch ( Sidecar_Unavailable $e ) {
			\WP_CLI::error( __( 'The agent service cannot be reached.', 'manufacturer-agent' ) . ' (' . $e->getMessage() . ')' );
		}
		$record = $answer->json();
		if ( 404 === $answer->status ) {
			\WP_CLI::error( $unknown );
		}
		if ( 200 !== $answer->status || ! is_array( $record ) ) {
			/* translators: %d: HTTP status */
			\WP_CLI::error( sprintf( __( 'The sidecar answered with status %d.', 'manufacturer-agent' ), $answer->status ) );
		}
		$record['enquiry'] = $this->enquiries->for_handoffs( array( $id ) )[ $id ] ?? null;
		$format            = (string) ( $assoc_args['format'] ?? 'table' );
		if ( 'table' !== $format ) {
			\WP_CLI\Utils\format_items( $format, array( $record ), array_keys( $record ) );
			return;
		}
		$rows = array();
		foreach ( $record as $field => $value ) {
			$rows[] = array(
				'field' => $field,
				'value' => is_scalar( $value ) || null === $value ? (string) $value : (string) wp_json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ),
			);
		}
		\WP_CLI\Utils\format_items( 'table', $rows, array( 'field', 'value' ) );
	}
}
