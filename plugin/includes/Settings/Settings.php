<?php
/**
 * The site configuration as WordPress options.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Settings;

use ManufacturerAgent\Bridge\Config_Sync;
use ManufacturerAgent\Catalog\Pictures;
use const ManufacturerAgent\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

/**
 * One option per part of the site configuration (schemas/site-config.schema.json), plus the
 * revision the bridge names on every forwarded request. The parts are not autoloaded: only the
 * revision is needed on a public request.
 */
final class Settings {

	public const GROUP           = 'manufacturer_agent';
	public const OPTION_PREFIX   = 'manufacturer_agent_';
	public const REVISION_OPTION = 'manufacturer_agent_config_revision';

	/**
	 * Set while the plugin itself writes the options, so its own writes are not checked or pushed twice.
	 *
	 * @var bool
	 */
	private static bool $storing = false;

	/**
	 * The configuration's parts, as schemas/site-config.schema.json names them (from the contract).
	 *
	 * @return list<string>
	 */
	public static function parts(): array {
		return (array) Contract::get( 'config_parts' );
	}

	/**
	 * Option name of a part.
	 *
	 * @param string $part One of parts().
	 */
	public static function option_name( string $part ): string {
		return self::OPTION_PREFIX . $part;
	}

	/**
	 * Every option the plugin stores.
	 *
	 * @return list<string>
	 */
	public static function all_option_names(): array {
		return array_merge( array_map( array( self::class, 'option_name' ), self::parts() ), array( self::REVISION_OPTION ) );
	}

	/**
	 * The built-in default configuration, the same file the sidecar starts with.
	 *
	 * @return array<string, mixed>
	 */
	public static function defaults(): array {
		static $defaults = null;
		if ( null === $defaults ) {
			$json     = file_get_contents( dirname( PLUGIN_FILE ) . '/data/default-site-config.json' );
			$defaults = is_string( $json ) ? json_decode( $json, true ) : null;
			if ( ! is_array( $defaults ) ) {
				$defaults = array();
			}
		}
		return $defaults;
	}

	/**
	 * The configuration in force: the saved parts, the default for a part never saved.
	 *
	 * @return array<string, mixed>
	 */
	public static function config(): array {
		$defaults = self::defaults();
		$config   = array();
		foreach ( self::parts() as $part ) {
			$value           = get_option( self::option_name( $part ), null );
			$config[ $part ] = is_array( $value ) ? $value : ( $defaults[ $part ] ?? array() );
		}
		return $config;
	}

	/**
	 * The revision of the saved configuration; made on first use.
	 */
	public static function revision(): string {
		$revision = get_option( self::REVISION_OPTION, '' );
		if ( ! is_string( $revision ) || '' === $revision ) {
			$revision = self::new_revision();
			update_option( self::REVISION_OPTION, $revision, true );
		}
		return $revision;
	}

	/**
	 * A fresh revision: sortable by time, unique across saves.
	 */
	public static function new_revision(): string {
		return gmdate( 'YmdHis' ) . '-' . strtolower( wp_generate_password( 8, false, false ) );
	}

	/**
	 * Saves a configuration the sidecar accepted, with its revision.
	 *
	 * @param array<string, mixed> $config   The whole configuration.
	 * @param string               $revision Its revision.
	 */
	public static function store( array $config, string $revision ): void {
		self::$storing = true;
		// Pictures are kept as attachment ids; their files are resolved whenever the configuration is published.
		$config = Pictures::stored( $config );
		try {
			foreach ( self::parts() as $part ) {
				if ( array_key_exists( $part, $config ) ) {
					update_option( self::option_name( $part ), $config[ $part ], false );
				}
			}
			update_option( self::REVISION_OPTION, $revision, true );
		} finally {
			self::$storing = false;
		}
	}

	/**
	 * Adds the options with the defaults where they do not exist yet (activation).
	 */
	public static function seed(): void {
		foreach ( self::defaults() as $part => $value ) {
			if ( in_array( $part, self::parts(), true ) && false === get_option( self::option_name( $part ), false ) ) {
				add_option( self::option_name( $part ), $value, '', false );
			}
		}
		self::revision();
	}

	/**
	 * The dereferenced schema of the configuration (written by the build from schemas/).
	 *
	 * @return array<string, mixed>|null
	 */
	public static function schema(): ?array {
		return Schemas::get( 'site-config' );
	}

	/**
	 * Registers each part with its schema, so the settings REST endpoint describes and checks it.
	 */
	public static function register(): void {
		$schema   = self::schema();
		$defaults = self::defaults();
		foreach ( self::parts() as $part ) {
			$part_schema = $schema['properties'][ $part ] ?? array( 'type' => 'materials' === $part ? 'array' : 'object' );
			unset( $part_schema['title'] );
			register_setting(
				self::GROUP,
				self::option_name( $part ),
				array(
					'type'              => $part_schema['type'] ?? 'object',
					'description'       => $part_schema['description'] ?? '',
					'default'           => $defaults[ $part ] ?? null,
					'show_in_rest'      => array( 'schema' => $part_schema ),
					'sanitize_callback' => static fn ( $value ) => self::sanitize_part( $part, $value ),
				)
			);
		}
	}

	/**
	 * Keeps a part written by other code (options.php, the settings endpoint) only if the whole
	 * configuration stays valid for the sidecar; otherwise the saved value stays.
	 *
	 * @param string $part  Part name.
	 * @param mixed  $value Candidate value.
	 * @return mixed
	 */
	public static function sanitize_part( string $part, $value ) {
		if ( self::$storing ) {
			return $value;
		}
		$current   = get_option( self::option_name( $part ), self::defaults()[ $part ] ?? null );
		$candidate = self::config();
		$candidate[ $part ] = $value;
		$check     = Config_Sync::instance()->validate( $candidate );
		if ( true !== $check ) {
			add_settings_error( self::option_name( $part ), 'invalid_site_config', is_wp_error( $check ) ? $check->get_error_message() : __( 'The configuration was not accepted.', 'manufacturer-agent' ) );
			return $current;
		}
		return $value;
	}

	/**
	 * After other code changed a part, the revision changes and the sidecar gets the new configuration.
	 */
	public static function watch(): void {
		foreach ( self::parts() as $part ) {
			add_action(
				'update_option_' . self::option_name( $part ),
				static function (): void {
					if ( ! self::$storing ) {
						self::touch();
					}
				}
			);
		}
	}

	/**
	 * What is published changed without a save (another plugin wrote an option, an attachment the
	 * catalog names changed): a new revision, and the sidecar gets the configuration at the end of the request.
	 */
	public static function touch(): void {
		update_option( self::REVISION_OPTION, self::new_revision(), true );
		Config_Sync::instance()->push_at_shutdown();
	}
}
