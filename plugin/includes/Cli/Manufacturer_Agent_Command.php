<?php
/**
 * wp manufacturer-agent: the service as an operator runs it from the shell.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Cli;

use ManufacturerAgent\Admin\Admin_Routes;
use ManufacturerAgent\Admin\Service_Health;
use ManufacturerAgent\Bridge\Bridge;
use ManufacturerAgent\Bridge\Config_Sync;
use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Enquiries\Enquiries;
use ManufacturerAgent\Privacy\Privacy;
use ManufacturerAgent\Settings\Contract;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Checks the agent service, pushes its configuration and asks it a question as an agent would.
 */
final class Manufacturer_Agent_Command {

	/** The command's name. */
	public const NAME = 'manufacturer-agent';

	/**
	 * Takes its collaborators.
	 *
	 * @param Service_Health $health The checks.
	 * @param Config_Sync    $sync   Pushes the saved configuration.
	 * @param Bridge         $bridge Relays a request as it relays an agent's.
	 */
	public function __construct( private Service_Health $health, private Config_Sync $sync, private Bridge $bridge ) {
	}

	/**
	 * Registers the command and its groups with WP-CLI.
	 *
	 * @param Sidecar_Client $client    The sidecar.
	 * @param Config_Sync    $sync      Pushes and validates configurations.
	 * @param Service_Health $health    The checks.
	 * @param Bridge         $bridge    The relay.
	 * @param Admin_Routes   $admin     The admin screen's routes (the handoff list reads as the screen's).
	 * @param Enquiries      $enquiries The enquiries people sent.
	 */
	public static function register( Sidecar_Client $client, Config_Sync $sync, Service_Health $health, Bridge $bridge, Admin_Routes $admin, Enquiries $enquiries ): void {
		\WP_CLI::add_command( self::NAME, new self( $health, $sync, $bridge ) );
		\WP_CLI::add_command( self::NAME . ' config', new Config_Command( $sync ) );
		\WP_CLI::add_command( self::NAME . ' handoffs', new Handoffs_Command( $client, $admin, $enquiries ) );
		\WP_CLI::add_command( self::NAME . ' enquiries', new Enquiries_Command( new Privacy( $enquiries ), $enquiries ) );
	}

	/**
	 * Shows the checks Tools → Site Health runs: the sidecar answers, its version, the configuration
	 * (pushed when the sidecar holds another revision), the shared secret, the storage, retention and
	 * the links' base. Exits 1 when a check is critical.
	 *
	 * ## OPTIONS
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
	 * ---
	 *
	 * [--facts]
	 * : List the facts behind the checks (as the Info tab of Site Health) instead of the checks.
	 *
	 * ## EXAMPLES
	 *
	 *     wp manufacturer-agent status
	 *     wp manufacturer-agent status --format=json
	 *     wp manufacturer-agent status --facts
	 *
	 * @param list<string>          $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function status( array $args, array $assoc_args ): void {
		unset( $args );
		$format = (string) ( $assoc_args['format'] ?? 'table' );
		if ( ! empty( $assoc_args['facts'] ) ) {
			$rows = array();
			foreach ( $this->health->facts() as $key => $fact ) {
				$rows[] = array( 'fact' => $key, 'label' => $fact['label'], 'value' => $fact['value'] );
			}
			\WP_CLI\Utils\format_items( $format, $rows, array( 'fact', 'label', 'value' ) );
			return;
		}
		$rows     = array();
		$critical = 0;
		foreach ( $this->health->checks() as $check ) {
			$critical += Service_Health::CRITICAL === $check['status'] ? 1 : 0;
			$rows[]    = array(
				'check'       => $check['id'],
				'status'      => $check['status'],
				'label'       => $check['label'],
				'description' => $check['description'],
			);
		}
		\WP_CLI\Utils\format_items( $format, $rows, 'table' === $format ? array( 'check', 'status', 'label' ) : array( 'check', 'status', 'label', 'description' ) );
		if ( $critical ) {
			/* translators: %d: number of critical checks */
			\WP_CLI::error( sprintf( _n( '%d check needs attention.', '%d checks need attention.', $critical, 'manufacturer-agent' ), $critical ) );
		}
	}

	/**
	 * Pushes the saved configuration to the sidecar now.
	 *
	 * ## EXAMPLES
	 *
	 *     wp manufacturer-agent sync
	 */
	public function sync(): void {
		$pushed = $this->sync->push();
		if ( true !== $pushed ) {
			\WP_CLI::error( Service_Health::error_text( $pushed ) );
		}
		$held = $this->health->sidecar( true )['data']['revision'] ?? null;
		if ( Settings::revision() !== $held ) {
			/* translators: 1: saved revision, 2: revision the sidecar holds */
			\WP_CLI::error( sprintf( __( 'Configuration revision %1$s was sent, but the sidecar holds %2$s.', 'manufacturer-agent' ), Settings::revision(), (string) $held ) );
		}
		/* translators: %s: revision */
		\WP_CLI::success( sprintf( __( 'The sidecar holds configuration revision %s.', 'manufacturer-agent' ), Settings::revision() ) );
	}

	/**
	 * Asks the question endpoint as an agent does (through the bridge, with the site's configuration).
	 *
	 * ## OPTIONS
	 *
	 * <question>
	 * : The question, German or English, 1 to 1000 characters.
	 *
	 * [--format=<format>]
	 * : text: the answer and what it rests on; json: the whole answer as the agent gets it.
	 * ---
	 * default: text
	 * options:
	 *   - text
	 *   - json
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp manufacturer-agent ask "Welches Material eignet sich für Fluchtwege?"
	 *
	 * @param list<string>          $args       The question.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function ask( array $args, array $assoc_args ): void {
		$question = (string) ( $args[0] ?? '' );
		try {
			$response = $this->bridge->exchange( 'GET', (string) Contract::get( 'ask_path' ), http_build_query( array( 'query' => $question ) ), array( 'accept' => 'application/json' ), '' );
		} catch ( Sidecar_Unavailable $e ) {
			\WP_CLI::error( __( 'The agent service cannot be reached.', 'manufacturer-agent' ) . ' (' . $e->getMessage() . ')' );
		}
		$answer = $response->json();
		if ( ! is_array( $answer ) ) {
			/* translators: %d: HTTP status */
			\WP_CLI::error( sprintf( __( 'The agent service answered with status %d and no JSON.', 'manufacturer-agent' ), $response->status ) );
		}
		if ( 'json' === ( $assoc_args['format'] ?? 'text' ) ) {
			\WP_CLI::line( (string) wp_json_encode( $answer, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
		}
		if ( 200 !== $response->status || ! isset( $answer['answer'] ) ) {
			/* translators: 1: HTTP status, 2: the service's message */
			\WP_CLI::error( sprintf( __( 'The agent service refused the question (%1$d): %2$s', 'manufacturer-agent' ), $response->status, (string) ( $answer['error']['message'] ?? $answer['detail'] ?? '' ) ) );
		}
		if ( 'json' === ( $assoc_args['format'] ?? 'text' ) ) {
			return;
		}
		\WP_CLI::line( (string) $answer['answer'] );
		$results = array();
		foreach ( (array) ( $answer['results'] ?? array() ) as $result ) {
			$results[] = array(
				'type' => (string) ( $result['@type'] ?? '' ),
				'name' => (string) ( $result['name'] ?? '' ),
				'url'  => (string) ( $result['url'] ?? '' ),
			);
		}
		if ( $results ) {
			\WP_CLI::line( '' );
			\WP_CLI\Utils\format_items( 'table', $results, array( 'type', 'name', 'url' ) );
		}
	}
}
