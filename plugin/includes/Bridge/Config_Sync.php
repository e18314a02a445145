<?php
/**
 * Keeps the sidecar's configuration equal to the WordPress options.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Bridge;

use ManufacturerAgent\Catalog\Pictures;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Pushes the saved configuration with its revision (pictures resolved to their files, Pictures); validates candidates with the sidecar, which
 * holds the rules (WordPress holds none of its own).
 */
final class Config_Sync {

	private static ?self $instance = null;

	private bool $push_scheduled = false;

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client $client The sidecar.
	 */
	public function __construct( private Sidecar_Client $client ) {
	}

	/**
	 * The shared instance, on the configured sidecar.
	 */
	public static function instance(): self {
		if ( null === self::$instance ) {
			self::$instance = new self( Sidecar_Client::from_environment() );
		}
		return self::$instance;
	}

	/**
	 * Sends the saved configuration and its revision.
	 *
	 * @return true|\WP_Error
	 */
	public function push() {
		return $this->put( Settings::config(), Settings::revision(), false );
	}

	/**
	 * Checks a candidate configuration without applying it.
	 *
	 * @param array<string, mixed> $config Candidate.
	 * @return true|\WP_Error
	 */
	public function validate( array $config ) {
		return $this->put( $config, 'validation', true );
	}

	/**
	 * Applies a candidate under a new revision; the caller saves the options only on success.
	 *
	 * @param array<string, mixed> $config   Candidate.
	 * @param string               $revision Its revision.
	 * @return true|\WP_Error
	 */
	public function apply( array $config, string $revision ) {
		return $this->put( $config, $revision, false );
	}

	/**
	 * Saves a configuration the way the admin screen does: the sidecar checks and applies it under a
	 * new revision first; only then are the options written, whole.
	 *
	 * @param array<string, mixed> $config Candidate.
	 * @return string|\WP_Error The new revision.
	 */
	public function save( array $config ) {
		$revision = Settings::new_revision();
		$applied  = $this->apply( $config, $revision );
		if ( is_wp_error( $applied ) ) {
			return $applied;
		}
		Settings::store( $config, $revision );
		return $revision;
	}

	/**
	 * One push, after everything else in this request has been saved.
	 */
	public function push_at_shutdown(): void {
		if ( ! $this->push_scheduled ) {
			$this->push_scheduled = true;
			add_action( 'shutdown', fn () => $this->push() );
		}
	}

	/**
	 * PUT /_bridge/config.
	 *
	 * @param array<string, mixed> $config   Configuration.
	 * @param string               $revision Revision.
	 * @param bool                 $dry_run  Validate only.
	 * @return true|\WP_Error
	 */
	private function put( array $config, string $revision, bool $dry_run ) {
		try {
			$response = $this->client->json( 'PUT', '/_bridge/config' . ( $dry_run ? '?dry_run=1' : '' ), array( 'revision' => $revision, 'config' => self::as_json_objects( Pictures::resolve( $config ) ) ) );
		} catch ( Sidecar_Unavailable $e ) {
			return new \WP_Error( 'sidecar_unavailable', __( 'The agent service cannot be reached right now. Nothing was saved; please try again in a moment.', 'manufacturer-agent' ), array( 'status' => 503 ) );
		}
		if ( 200 === $response->status ) {
			return true;
		}
		$problem = $response->json();
		if ( 400 === $response->status && is_array( $problem ) ) {
			$errors = array();
			foreach ( (array) ( $problem['errors'] ?? array() ) as $error ) {
				$field    = (string) ( $error['field'] ?? '' );
				$errors[] = array(
					'field'   => str_starts_with( $field, '/config' ) ? ( substr( $field, 7 ) ?: '/' ) : $field,
					'message' => (string) ( $error['message'] ?? '' ),
				);
			}
			return new \WP_Error(
				'invalid_site_config',
				__( 'The configuration was not saved: some fields are invalid.', 'manufacturer-agent' ),
				array( 'status' => 400, 'errors' => $errors )
			);
		}
		return new \WP_Error( 'sidecar_error', __( 'The agent service refused the configuration.', 'manufacturer-agent' ), array( 'status' => 502 ) );
	}

	/**
	 * PHP decodes JSON objects to arrays; an empty one must go back out as {} where the schema wants an object.
	 *
	 * @param array<string, mixed> $config Configuration.
	 * @return array<string, mixed>
	 */
	private static function as_json_objects( array $config ): array {
		foreach ( array( 'recommendations', 'company', 'handoff_targets', 'discovery' ) as $part ) {
			if ( isset( $config[ $part ] ) && array() === $config[ $part ] ) {
				$config[ $part ] = new \stdClass();
			}
		}
		return $config;
	}
}
