<?php
/**
 * What keeps spam, stale forms and double sends out of the enquiry form.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Enquiries;

use ManufacturerAgent\Bridge\Client_Address;

defined( 'ABSPATH' ) || exit;

/**
 * A nonce, a honeypot, a signed render time (a form sent within seconds of being shown was not
 * typed by a person), a per-client hourly limit, and a one-time claim so a form sent twice (reload,
 * double click, two tabs) is handled once.
 */
final class Enquiry_Guard {

	public const NONCE_ACTION = 'manufacturer_agent_enquiry';
	public const MIN_SECONDS  = 3;
	public const CLAIM_PREFIX = 'manufacturer_agent_claim_';
	public const RATE_PREFIX  = 'manufacturer_agent_enquiries_';
	private const CLAIM_DAYS  = 2;

	/**
	 * Takes its collaborators.
	 *
	 * @param Client_Address $addresses Who the client is, behind trusted proxies.
	 */
	public function __construct( private Client_Address $addresses ) {
	}

	/**
	 * A fresh render-time token: the time and its signature.
	 */
	public function time_token(): string {
		$time = (string) time();
		return $time . '.' . self::sign( $time );
	}

	/**
	 * Seconds since the form was rendered, or null when the token is not one this site signed.
	 *
	 * @param string $token The token sent back.
	 */
	public function seconds_since_render( string $token ): ?int {
		if ( ! preg_match( '/^(\d{1,12})\.([0-9a-f]{64})$/', $token, $match ) || ! hash_equals( self::sign( $match[1] ), $match[2] ) ) {
			return null;
		}
		return time() - (int) $match[1];
	}

	/**
	 * Whether the form came back too quickly for a person (filter manufacturer_agent_enquiry_min_seconds).
	 *
	 * @param string $token The time token sent back.
	 */
	public function too_fast( string $token ): bool {
		$seconds = $this->seconds_since_render( $token );
		$minimum = (int) apply_filters( 'manufacturer_agent_enquiry_min_seconds', self::MIN_SECONDS );
		return null === $seconds || $seconds < $minimum;
	}

	/**
	 * Signs a render time with the site's nonce salt.
	 *
	 * @param string $time Unix time as a string.
	 */
	private static function sign( string $time ): string {
		return hash_hmac( 'sha256', 'enquiry-form|' . $time, wp_salt( 'nonce' ) );
	}

	/**
	 * Whether the nonce is this site's and current.
	 *
	 * @param mixed $nonce The nonce sent back.
	 */
	public function nonce_valid( $nonce ): bool {
		return is_string( $nonce ) && false !== wp_verify_nonce( $nonce, self::NONCE_ACTION );
	}

	/**
	 * The transient that counts this client's enquiries in the current hour.
	 */
	private function rate_key(): string {
		return self::RATE_PREFIX . md5( $this->addresses->of( $_SERVER ) );
	}

	/**
	 * Whether this client has sent as many enquiries this hour as it may.
	 */
	public function over_limit(): bool {
		$sent = get_transient( $this->rate_key() );
		return is_array( $sent ) && count( self::within_hour( $sent ) ) >= (int) Enquiry_Settings::get()['submissions_per_hour'];
	}

	/**
	 * Counts one enquiry of this client.
	 */
	public function count(): void {
		$sent   = get_transient( $this->rate_key() );
		$sent   = self::within_hour( is_array( $sent ) ? $sent : array() );
		$sent[] = time();
		set_transient( $this->rate_key(), $sent, HOUR_IN_SECONDS );
	}

	/**
	 * The times of the last hour.
	 *
	 * @param array<int|string, mixed> $times Unix times.
	 * @return list<int>
	 */
	private static function within_hour( array $times ): array {
		$since = time() - HOUR_IN_SECONDS;
		return array_values( array_filter( array_map( 'intval', $times ), static fn ( int $t ): bool => $t > $since ) );
	}

	/**
	 * Claims a key once, atomically (the pattern of WP_Upgrader::create_lock): of two requests
	 * with the same key, exactly one gets true.
	 *
	 * @param string $key A handoff id or a form's one-time token.
	 */
	public function claim( string $key ): bool {
		global $wpdb;
		$name = self::CLAIM_PREFIX . md5( $key );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- an atomic insert has no API; the option is read by nobody else.
		$inserted = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO `$wpdb->options` ( `option_name`, `option_value`, `autoload` ) VALUES ( %s, %s, 'off' )", $name, (string) time() ) );
		if ( 1 === $inserted ) {
			wp_cache_delete( 'notoptions', 'options' );
			$this->forget_old_claims();
			return true;
		}
		return false;
	}

	/**
	 * Gives a claim back (the enquiry could not be stored, so the person may send it again).
	 *
	 * @param string $key The key claimed.
	 */
	public function release( string $key ): void {
		delete_option( self::CLAIM_PREFIX . md5( $key ) );
	}

	/**
	 * Claims older than CLAIM_DAYS go: by then the sidecar's state or the stored enquiry answers a resend.
	 */
	private function forget_old_claims(): void {
		global $wpdb;
		// Ten-digit Unix times compare as strings alike in MySQL and SQLite.
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a prefix sweep over the plugin's own rows.
		$wpdb->query( $wpdb->prepare( "DELETE FROM `$wpdb->options` WHERE `option_name` LIKE %s AND `option_value` < %s", $wpdb->esc_like( self::CLAIM_PREFIX ) . '%', (string) ( time() - self::CLAIM_DAYS * DAY_IN_SECONDS ) ) );
	}

	/**
	 * Removes every claim and count (uninstall).
	 */
	public static function forget_all(): void {
		global $wpdb;
		foreach ( array( self::CLAIM_PREFIX, '_transient_' . self::RATE_PREFIX, '_transient_timeout_' . self::RATE_PREFIX ) as $prefix ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a prefix sweep over the plugin's own rows.
			$wpdb->query( $wpdb->prepare( "DELETE FROM `$wpdb->options` WHERE `option_name` LIKE %s", $wpdb->esc_like( $prefix ) . '%' ) );
		}
	}
}
