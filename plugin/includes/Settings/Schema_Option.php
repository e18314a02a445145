<?php
/**
 * An option shaped by one of the schemas of schemas/, which also holds its defaults.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * The schema, the defaults and the settings in force of an option; the class using it names the option
 * (OPTION) and its schema (SCHEMA). Shared by the enquiry form's and the insights' settings.
 */
trait Schema_Option {

	/**
	 * The built schema, or a minimal object schema when the build has not written it.
	 *
	 * @return array<string, mixed>
	 */
	public static function schema(): array {
		$schema = Schemas::get( static::SCHEMA );
		return is_array( $schema ) ? $schema : array( 'type' => 'object', 'properties' => array() );
	}

	/**
	 * Each setting's default, as the schema states it.
	 *
	 * @return array<string, mixed>
	 */
	public static function defaults(): array {
		$defaults = array();
		foreach ( (array) ( self::schema()['properties'] ?? array() ) as $name => $property ) {
			if ( is_array( $property ) && array_key_exists( 'default', $property ) ) {
				$defaults[ $name ] = $property['default'];
			}
		}
		return $defaults;
	}

	/**
	 * The settings in force: the saved ones that are valid, the default for anything else.
	 *
	 * @return array<string, mixed>
	 */
	public static function get(): array {
		$saved    = get_option( static::OPTION, array() );
		$settings = self::defaults();
		if ( is_array( $saved ) ) {
			foreach ( (array) ( self::schema()['properties'] ?? array() ) as $name => $property ) {
				if ( array_key_exists( $name, $saved ) && true === rest_validate_value_from_schema( $saved[ $name ], $property, $name ) ) {
					$settings[ $name ] = $saved[ $name ];
				}
			}
		}
		return $settings;
	}
}
