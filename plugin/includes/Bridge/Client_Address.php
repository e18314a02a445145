<?php
/**
 * The visitor's address behind the proxies the operator trusts.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Bridge;

use ManufacturerAgent\Settings\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * Behind a CDN or a local proxy every visitor arrives from the proxy's address, so the sidecar's
 * per-client limits would count them as one. The operator names the proxies it trusts
 * (MANUFACTURER_AGENT_TRUSTED_PROXIES: addresses or CIDRs, comma-separated) and the header they write
 * the visitor's address into (MANUFACTURER_AGENT_CLIENT_IP_HEADER, default X-Forwarded-For), as
 * constants in wp-config.php or environment variables. A header from anyone else is ignored.
 * The sidecar's core/client-address.ts reads its own direct requests by the same rule, and counts
 * IPv6 clients per network of the contract's ipv6_client_prefix_bits, as key() does here.
 */
final class Client_Address {

	public const DEFAULT_HEADER = 'X-Forwarded-For';

	/**
	 * Takes its collaborators.
	 *
	 * @param list<array{0: string, 1: int}> $trusted Trusted networks: packed address and prefix length.
	 * @param string                         $header  $_SERVER key of the header, e.g. HTTP_X_FORWARDED_FOR.
	 */
	public function __construct( private array $trusted, private string $header ) {
	}

	/**
	 * As configured by the operator; a malformed entry is left out (and reported once in debug.log).
	 */
	public static function from_environment(): self {
		$trusted = array();
		foreach ( array_filter( array_map( 'trim', explode( ',', Sidecar_Client::setting( 'MANUFACTURER_AGENT_TRUSTED_PROXIES', '' ) ) ) ) as $entry ) {
			$network = self::network( $entry );
			if ( null === $network ) {
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_trigger_error -- an operator's mistake must be seen.
				trigger_error( esc_html( "MANUFACTURER_AGENT_TRUSTED_PROXIES: \"$entry\" is not an address or CIDR; left out." ), E_USER_WARNING );
				continue;
			}
			$trusted[] = $network;
		}
		$name = strtoupper( str_replace( '-', '_', trim( Sidecar_Client::setting( 'MANUFACTURER_AGENT_CLIENT_IP_HEADER', self::DEFAULT_HEADER ) ) ) );
		return new self( $trusted, 'HTTP_' . preg_replace( '/[^A-Z0-9_]/', '', $name ) );
	}

	/**
	 * A network from "192.0.2.0/24", "2001:db8::/32" or a single address.
	 *
	 * @param string $entry The entry.
	 * @return array{0: string, 1: int}|null
	 */
	private static function network( string $entry ): ?array {
		$parts  = explode( '/', $entry );
		$packed = count( $parts ) <= 2 ? @inet_pton( $parts[0] ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- false is the answer.
		if ( false === $packed ) {
			return null;
		}
		$max = strlen( $packed ) * 8;
		if ( ! isset( $parts[1] ) ) {
			return array( $packed, $max );
		}
		if ( ! ctype_digit( $parts[1] ) || (int) $parts[1] > $max ) {
			return null;
		}
		return array( $packed, (int) $parts[1] );
	}

	/**
	 * An address without brackets, port or zone, an IPv4-mapped IPv6 address as IPv4; null when none.
	 *
	 * @param string $raw The address as written.
	 */
	public static function normal( string $raw ): ?string {
		$address = trim( $raw );
		if ( 1 === preg_match( '/^\[([^\]]+)\](?::\d+)?$/', $address, $match ) ) {
			$address = $match[1];
		} elseif ( 1 === preg_match( '/^(\d+\.\d+\.\d+\.\d+):\d+$/', $address, $match ) ) {
			$address = $match[1];
		}
		// The zone ("fe80::1%eth0") goes; strpos, as '/%.*$/' tried every '%' of a long run to the end (quadratic).
		$zone = strpos( $address, '%' );
		if ( false !== $zone ) {
			$address = substr( $address, 0, $zone );
		}
		if ( 1 === preg_match( '/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i', $address, $match ) ) {
			$address = $match[1];
		}
		return false === filter_var( $address, FILTER_VALIDATE_IP ) ? null : strtolower( $address );
	}

	/**
	 * Whether an address lies in a trusted network.
	 *
	 * @param string $address A normal address.
	 */
	private function trusted( string $address ): bool {
		$packed = inet_pton( $address );
		foreach ( $this->trusted as list( $network, $bits ) ) {
			if ( strlen( $network ) !== strlen( $packed ) ) {
				continue;
			}
			$bytes = intdiv( $bits, 8 );
			$rest  = $bits % 8;
			if ( substr( $network, 0, $bytes ) !== substr( $packed, 0, $bytes ) ) {
				continue;
			}
			if ( 0 === $rest || ( ( ord( $network[ $bytes ] ) ^ ord( $packed[ $bytes ] ) ) & ( 0xff << ( 8 - $rest ) ) & 0xff ) === 0 ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The visitor's address: REMOTE_ADDR, unless that is a trusted proxy naming one. A list is read
	 * from the right past every trusted hop, so an address a client wrote at its left is not taken.
	 *
	 * @param array<string, mixed> $server The request's $_SERVER.
	 */
	public function of( array $server ): string {
		$peer   = is_string( $server['REMOTE_ADDR'] ?? null ) ? $server['REMOTE_ADDR'] : '';
		$direct = self::normal( $peer ) ?? $peer;
		$header = $server[ $this->header ] ?? null;
		if ( ! is_string( $header ) || null === self::normal( $direct ) || ! $this->trusted( $direct ) ) {
			return $direct;
		}
		$candidate = $direct;
		foreach ( array_reverse( explode( ',', $header ) ) as $hop ) {
			$address = self::normal( $hop );
			if ( null === $address ) {
				break;
			}
			$candidate = $address;
			if ( ! $this->trusted( $address ) ) {
				break;
			}
		}
		return $candidate;
	}

	/**
	 * The key a client is counted under: its address, or for IPv6 its network of the contract's
	 * ipv6_client_prefix_bits (a /64: one subscriber's addresses count as one client).
	 *
	 * @param string $address A normal address (of()).
	 */
	public static function key( string $address ): string {
		$packed = '' === $address ? false : @inet_pton( $address ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- false is the answer.
		if ( false === $packed || 16 !== strlen( $packed ) ) {
			return $address;
		}
		$bits  = (int) Contract::get( 'ipv6_client_prefix_bits' );
		$bytes = intdiv( $bits, 8 );
		return inet_ntop( substr( $packed, 0, $bytes ) . str_repeat( "\0", 16 - $bytes ) ) . '/' . $bits;
	}
}
