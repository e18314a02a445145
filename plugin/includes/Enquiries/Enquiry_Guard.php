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
 * A nonce, a honeypot, a signed view token (a random id and the render time, signed together: a form
 * sent within seconds of being shown was not typed by a person, one sent more than two hours later is
 * stale), a per-client hourly limit counted before anything is stored or mailed, and one-time claims,
 * so that a view serves one send and a form sent twice (reload, double click, two tabs) is handled once.
 */
final class Enquiry_Guard {

	public const NONCE_ACTION = 'manufacturer_agent_enquiry';
	public const MIN_SECONDS  = 3;
	public const MAX_SECONDS  = 2 * HOUR_IN_SECONDS;
	public const CLAIM_PREFIX = 'manufacturer_agent_claim_';
	public const SLOT_PREFIX  = 'manufacturer_agent_slot_';
	/**
	 * The transients an earlier version counted clients in; uninstall still removes them.
	 */
	private const OLD_RATE_PREFIX = 'manufacturer_agent_enquiries_';
	private const CLAIM_DAYS      = 2;

	/**
	 * Takes its collaborators.
	 *
	 * @param Client_Address $addresses Who the client is, behind trusted proxies.
	 */
	public function __construct( private Client_Address $addresses ) {
	}

	/**
	 * A fresh view: a random one-time id and the signed render time that binds it.
	 *
	 * @return array{once: string, time: string}
	 */
	public function view_token(): array {
		$once = bin2hex( random_bytes( 16 ) );
		$time = (string) time();
		return array(
			'once' => $once,
			'time' => $time . '.' . self::sign( $time, $once ),
		);
	}

	/**
	 * Seconds since the view was rendered, or null when the token is not one this site signed for this id.
	 *
	 * @param string $token The time token sent back.
	 * @param string $once  The view's one-time id sent back.
	 */
	public function seconds_since_render( string $token, string $once ): ?int {
		if ( ! preg_match( '/^(\d{1,12})\.([0-9a-f]{64})$/D', $token, $match ) || ! hash_equals( self::sign( $match[1], $once ), $match[2] ) ) {
			return null;
		}
		return time() - (int) $match[1];
	}

	/**
	 * Whether the view is this site's and younger than its maximum age (filter
	 * manufacturer_agent_enquiry_max_seconds, default two hours).
	 *
	 * @param string $token The time token sent back.
	 * @param string $once  The view's one-time id sent back.
	 */
	public function view_current( string $token, string $once ): bool {
		$seconds = $this->seconds_since_render( $token, $once );
		return null !== $seconds && $seconds <= (int) apply_filters( 'manufacturer_agent_enquiry_max_seconds', self::MAX_SECONDS );
	}

	/**
	 * Whether the form came back too quickly for a person (filter manufacturer_agent_enquiry_min_seconds).
	 *
	 * @param string $token The time token sent back.
	 * @param string $once  The view's one-time id sent back.
	 */
	public function too_fast( string $token, string $once ): bool {
		$seconds = $this->seconds_since_render( $token, $once );
		$minimum = (int) apply_filters( 'manufacturer_agent_enquiry_min_seconds', self::MIN_SECONDS );
		return null === $seconds || $seconds < $minimum;
	}

	/**
	 * Signs a render time and a view's id with the site's nonce salt.
	 *
	 * @param string $time Unix time as a string.
	 * @param string $once The view's one-time id.
	 */
	private static function sign( string $time, string $once ): string {
		return hash_hmac( 'sha256', 'enquiry-form|' . $time . '|' . $once, wp_salt( 'nonce' ) );
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
	 * Takes one of this client's enquiries of the last hour (setting submissions_per_hour), before
	 * anything is stored or mailed. IPv6 clients count per network (Client_Address::key).
	 *
	 * @return string|null The slot taken (release_slot() gives it back), null when none is free.
	 */
	public function take_client_slot(): ?string {
		$client = Client_Address::key( $this->addresses->of( $_SERVER ) );
		return self::take_slot( 'client:' . $client, (int) Enquiry_Settings::get()['submissions_per_hour'], HOUR_IN_SECONDS );
	}

	/**
	 * Takes the one copy an address may be sent in a day.
	 *
	 * @param string $email The address the form named.
	 */
	public function take_copy_slot( string $email ): bool {
		return null !== self::take_slot( 'copy:' . strtolower( $email ), 1, DAY_IN_SECONDS );
	}

	/**
	 * Takes one of $limit slots of a scope for $window seconds, atomically: slot n is a row of its own,
	 * won by the INSERT IGNORE that creates it or by the conditional UPDATE that renews it once its time
	 * is older than the window. Of concurrent requests each row goes to one, on MySQL and SQLite alike,
	 * so at most $limit requests of a window get a slot (no read-then-write race). One read of the
	 * scope's rows first only spares the writes that cannot succeed (a client at its limit costs one query).
	 *
	 * @param string $scope  What is counted: a client, an address.
	 * @param int    $limit  Slots in a window.
	 * @param int    $window Seconds a slot stays taken.
	 * @return string|null The slot's option name, null when every slot is taken.
	 */
	private static function take_slot( string $scope, int $limit, int $window ): ?string {
		global $wpdb;
		$now   = time();
		$base  = self::SLOT_PREFIX . md5( $scope ) . '_';
		$since = (string) ( $now - $window );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- atomic claims have no API; the rows are read by nobody else.
		$times = array_column( (array) $wpdb->get_results( $wpdb->prepare( "SELECT `option_name`, `option_value` FROM `$wpdb->options` WHERE `option_name` LIKE %s", $wpdb->esc_like( $base ) . '%' ), ARRAY_A ), 'option_value', 'option_name' );
		for ( $n = 1; $n <= $limit; $n++ ) {
			$name = $base . $n;
			if ( ! isset( $times[ $name ] ) ) {
				$taken = 1 === $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO `$wpdb->options` ( `option_name`, `option_value`, `autoload` ) VALUES ( %s, %s, 'off' )", $name, (string) $now ) );
			} else {
				$taken = $times[ $name ] < $since && 1 === $wpdb->query( $wpdb->prepare( "UPDATE `$wpdb->options` SET `option_value` = %s WHERE `option_name` = %s AND `option_value` < %s", (string) $now, $name, $since ) );
			}
			if ( $taken ) {
				self::forget_old( self::SLOT_PREFIX, DAY_IN_SECONDS );
				return $name;
			}
		}
		// phpcs:enable WordPress.DB.DirectDatabaseQuery
		return null;
	}

	/**
	 * Gives a slot back (nothing was stored or mailed with it).
	 *
	 * @param string $slot The slot's option name (take_client_slot()).
	 */
	public function release_slot( string $slot ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own row, never cached.
		$wpdb->delete( $wpdb->options, array( 'option_name' => $slot ) );
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
			self::forget_old( self::CLAIM_PREFIX, self::CLAIM_DAYS * DAY_IN_SECONDS );
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
	 * Rows of a prefix older than $age go: a claim after CLAIM_DAYS (by then the sidecar's state or the
	 * stored enquiry answers a resend, and every view has long expired), a slot after the longest window.
	 *
	 * @param string $prefix CLAIM_PREFIX or SLOT_PREFIX.
	 * @param int    $age    Seconds.
	 */
	private static function forget_old( string $prefix, int $age ): void {
		global $wpdb;
		// Ten-digit Unix times compare as strings alike in MySQL and SQLite.
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a prefix sweep over the plugin's own rows.
		$wpdb->query( $wpdb->prepare( "DELETE FROM `$wpdb->options` WHERE `option_name` LIKE %s AND `option_value` < %s", $wpdb->esc_like( $prefix ) . '%', (string) ( time() - $age ) ) );
	}

	/**
	 * Removes every claim and slot (uninstall).
	 */
	public static function forget_all(): void {
		global $wpdb;
		foreach ( array( self::CLAIM_PREFIX, self::SLOT_PREFIX, '_transient_' . self::OLD_RATE_PREFIX, '_transient_timeout_' . self::OLD_RATE_PREFIX ) as $prefix ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a prefix sweep over the plugin's own rows.
			$wpdb->query( $wpdb->prepare( "DELETE FROM `$wpdb->options` WHERE `option_name` LIKE %s", $wpdb->esc_like( $prefix ) . '%' ) );
		}
	}
}
