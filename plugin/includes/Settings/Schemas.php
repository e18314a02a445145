<?php
/**
 * The schemas of schemas/, as the build writes them for PHP.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Settings;

use const ManufacturerAgent\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

/**
 * Reads build/schemas/<name>.json: the schemas of schemas/ with every $ref inlined
 * (plugin/sidecar/export-schemas.ts), so PHP never keeps a copy of its own.
 */
final class Schemas {

	/**
	 * A built file decoded, or null when the build has not written it.
	 *
	 * @param string $name File name without .json, e.g. site-config, handoff-tool-input, tools.
	 * @return array<int|string, mixed>|null
	 */
	public static function get( string $name ): ?array {
		static $read = array();
		if ( ! array_key_exists( $name, $read ) ) {
			$file          = dirname( PLUGIN_FILE ) . '/build/schemas/' . $name . '.json';
			$json          = is_readable( $file ) ? file_get_contents( $file ) : false;
			$decoded       = is_string( $json ) ? json_decode( $json, true ) : null;
			$read[ $name ] = is_array( $decoded ) ? $decoded : null;
		}
		return $read[ $name ];
	}
}
