<?php
/**
 * wp manufacturer-agent config: the site configuration as a file.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Cli;

use ManufacturerAgent\Bridge\Config_Sync;
use ManufacturerAgent\Settings\Contract;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Exports the saved configuration (before a migration) and imports one, checked by the sidecar
 * before anything is saved.
 */
final class Config_Command {

	/**
	 * Takes its collaborators.
	 *
	 * @param Config_Sync $sync Validates, applies and saves configurations.
	 */
	public function __construct( private Config_Sync $sync ) {
	}

	/**
	 * Writes the saved configuration as JSON: {"revision": …, "config": …}, as the admin screen reads it.
	 *
	 * ## OPTIONS
	 *
	 * [--file=<file>]
	 * : Write to this file instead of the standard output.
	 *
	 * ## EXAMPLES
	 *
	 *     wp manufacturer-agent config export > agent-config.json
	 *
	 * @param list<string>          $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function export( array $args, array $assoc_args ): void {
		unset( $args );
		$json = (string) wp_json_encode( array( 'revision' => Settings::revision(), 'config' => Settings::config() ), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		if ( empty( $assoc_args['file'] ) ) {
			\WP_CLI::line( $json );
			return;
		}
		if ( false === file_put_contents( (string) $assoc_args['file'], $json . "\n" ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a file the operator names on the command line.
			/* translators: %s: file name */
			\WP_CLI::error( sprintf( __( 'Could not write %s.', 'manufacturer-agent' ), (string) $assoc_args['file'] ) );
		}
		/* translators: 1: revision, 2: file name */
		\WP_CLI::success( sprintf( __( 'Configuration revision %1$s written to %2$s.', 'manufacturer-agent' ), Settings::revision(), (string) $assoc_args['file'] ) );
	}

	/**
	 * Imports a configuration file (as export writes it, or the configuration object alone). The
	 * sidecar checks it first; only a configuration it accepts is applied and saved, whole.
	 *
	 * ## OPTIONS
	 *
	 * <file>
	 * : The JSON file.
	 *
	 * [--dry-run]
	 * : Check only; nothing is saved or applied.
	 *
	 * ## EXAMPLES
	 *
	 *     wp manufacturer-agent config import agent-config.json --dry-run
	 *     wp manufacturer-agent config import agent-config.json
	 *
	 * @param list<string>          $args       The file.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function import( array $args, array $assoc_args ): void {
		$file  = (string) ( $args[0] ?? '' );
		$limit = (int) Contract::get( 'config_body_limit_bytes' );
		if ( ! is_file( $file ) || ! is_readable( $file ) ) {
			/* translators: %s: file name */
			\WP_CLI::error( sprintf( __( 'Cannot read %s.', 'manufacturer-agent' ), $file ) );
		}
		if ( filesize( $file ) > $limit ) {
			/* translators: 1: file name, 2: bytes */
			\WP_CLI::error( sprintf( __( '%1$s is larger than the %2$d bytes the agent service takes.', 'manufacturer-agent' ), $file, $limit ) );
		}
		$decoded = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file the operator names.
		if ( ! is_array( $decoded ) ) {
			/* translators: 1: file name, 2: the JSON parser's message */
			\WP_CLI::error( sprintf( __( '%1$s is not a JSON object: %2$s', 'manufacturer-agent' ), $file, json_last_error_msg() ) );
		}
		$config = isset( $decoded['config'] ) && is_array( $decoded['config'] ) ? $decoded['config'] : $decoded;
		if ( ! empty( $assoc_args['dry-run'] ) ) {
			self::refuse_if_error( $this->sync->validate( $config ) );
			\WP_CLI::success( __( 'The agent service accepts this configuration. Nothing was saved (dry run).', 'manufacturer-agent' ) );
			return;
		}
		$revision = $this->sync->save( $config );
		self::refuse_if_error( $revision );
		/* translators: %s: revision */
		\WP_CLI::success( sprintf( __( 'Configuration imported and saved as revision %s; the sidecar holds it.', 'manufacturer-agent' ), (string) $revision ) );
	}

	/**
	 * A refusal: each invalid field as a warning, then the error (exit 1).
	 *
	 * @param mixed $result A WP_Error or anything else.
	 */
	private static function refuse_if_error( $result ): void {
		if ( ! is_wp_error( $result ) ) {
			return;
		}
		$data = $result->get_error_data();
		foreach ( (array) ( is_array( $data ) ? ( $data['errors'] ?? array() ) : array() ) as $field ) {
			\WP_CLI::warning( ( $field['field'] ?? '' ) . ': ' . ( $field['message'] ?? '' ) );
		}
		\WP_CLI::error( $result->get_error_message() );
	}
}
