<?php
/**
 * The facts the bridge shares with the sidecar, as the build writes them.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Settings;

use const ManufacturerAgent\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

/**
 * Reads build/contract.json (plugin/sidecar/contract.ts): enumerations with their German and English
 * names, the handoff id pattern, the interface version, root paths, the bridge's header names, the
 * crawl delay, the configuration's parts, the problem answered while the sidecar is down. PHP keeps
 * no copy of any of them. Without the build the plugin cannot work at all, so a missing contract
 * stops it loudly rather than guessing.
 */
final class Contract {

	/**
	 * The decoded file.
	 *
	 * @var array<string, mixed>|null
	 */
	private static ?array $contract = null;

	/**
	 * One fact of the contract.
	 *
	 * @param string $key Top-level key, e.g. bridge_headers, root_paths.
	 * @return mixed
	 * @throws \RuntimeException When the build has not written the contract, or it lacks the key.
	 */
	public static function get( string $key ) {
		if ( null === self::$contract ) {
			$file     = dirname( PLUGIN_FILE ) . '/build/contract.json';
			$json     = is_readable( $file ) ? file_get_contents( $file ) : false;
			$decoded  = is_string( $json ) ? json_decode( $json, true ) : null;
			if ( ! is_array( $decoded ) ) {
				throw new \RuntimeException( 'Manufacturer Agent: build/contract.json is missing or unreadable; run the build (npm run build) or install the plugin zip.' );
			}
			self::$contract = $decoded;
		}
		if ( ! array_key_exists( $key, self::$contract ) ) {
			throw new \RuntimeException( sprintf( 'Manufacturer Agent: build/contract.json has no "%s"; the build is older than the plugin.', $key ) );
		}
		return self::$contract[ $key ];
	}

	/**
	 * A bridge header's name.
	 *
	 * @param string $name token, clientAddress, publicBase, configRevision or internal.
	 */
	public static function header( string $name ): string {
		return (string) self::get( 'bridge_headers' )[ $name ];
	}

	/**
	 * Whether a text has the form of a handoff id (opaque, ho_ and letters, digits, - and _).
	 *
	 * @param string $id Candidate id.
	 */
	public static function is_handoff_id( string $id ): bool {
		return 1 === preg_match( '/' . str_replace( '/', '\\/', (string) self::get( 'handoff_id_pattern' ) ) . '/D', $id );
	}

	/**
	 * The values of an enumeration, in order.
	 *
	 * @param string $enum priority, next_step or handoff_state.
	 * @return list<string>
	 */
	public static function values( string $enum ): array {
		return array_map( static fn ( array $entry ): string => (string) $entry['value'], (array) self::get( 'enums' )[ $enum ] );
	}

	/**
	 * A value's name in the language of the current locale (German for de_*, English otherwise); the
	 * value itself when it has none (a value a newer sidecar knows).
	 *
	 * @param string      $enum  priority, next_step or handoff_state.
	 * @param string      $value The value.
	 * @param string|null $lang  de or en; the current locale's when null.
	 */
	public static function label( string $enum, string $value, ?string $lang = null ): string {
		$lang = $lang ?? self::language();
		foreach ( (array) self::get( 'enums' )[ $enum ] as $entry ) {
			if ( $entry['value'] === $value ) {
				return (string) $entry['label'][ $lang ];
			}
		}
		return $value;
	}

	/**
	 * de or en, from the locale WordPress renders in.
	 */
	public static function language(): string {
		return str_starts_with( determine_locale(), 'de' ) ? 'de' : 'en';
	}
}
