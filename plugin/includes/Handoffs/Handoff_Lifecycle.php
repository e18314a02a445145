<?php
/**
 * Tells the sidecar that a handoff link was opened or its enquiry was sent.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Handoffs;

use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Settings\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * Only the handoff's id travels: contact details stay in WordPress. When the sidecar cannot be
 * reached as an enquiry is sent, the enquiry is stored and mailed all the same, and WP-Cron tells
 * the sidecar later (RETRY_HOOK, backing off up to MAX_ATTEMPTS); the advisors' mail never waits.
 */
final class Handoff_Lifecycle {

	public const RETRY_HOOK   = 'manufacturer_agent_retry_handoff_submitted';
	public const MAX_ATTEMPTS = 10;

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client $client The sidecar.
	 */
	public function __construct( private Sidecar_Client $client ) {
	}

	/**
	 * Registers the retry task.
	 */
	public function register(): void {
		add_action( self::RETRY_HOOK, array( $this, 'retry' ), 10, 2 );
	}

	/**
	 * created → opened. Returns the newer record, or null when the sidecar did not answer with one.
	 *
	 * @param string $id Handoff id.
	 * @return array<string, mixed>|null
	 */
	public function mark_opened( string $id ): ?array {
		try {
			$answer = $this->client->json( 'POST', '/_bridge/handoffs/' . rawurlencode( $id ) . '/opened' );
		} catch ( Sidecar_Unavailable $e ) {
			return null;
		}
		$record = $answer->json();
		return 200 === $answer->status && is_array( $record ) ? $record : null;
	}

	/**
	 * created|opened → submitted. True when the handoff is submitted now (also when it already was).
	 *
	 * @param string $id Handoff id.
	 * @return true|\WP_Error Codes: handoff_not_found, handoff_expired, sidecar_unavailable, sidecar_error.
	 */
	public function mark_submitted( string $id ) {
		if ( ! Contract::is_handoff_id( $id ) ) {
			return new \WP_Error( 'handoff_not_found', __( 'No handoff has this id.', 'manufacturer-agent' ) );
		}
		try {
			$answer = $this->client->json( 'POST', '/_bridge/handoffs/' . rawurlencode( $id ) . '/submitted' );
		} catch ( Sidecar_Unavailable $e ) {
			return new \WP_Error( 'sidecar_unavailable', $e->getMessage() );
		}
		if ( 200 === $answer->status ) {
			return true;
		}
		if ( 404 === $answer->status ) {
			return new \WP_Error( 'handoff_not_found', __( 'No handoff has this id.', 'manufacturer-agent' ) );
		}
		if ( 409 === $answer->status ) {
			return new \WP_Error( 'handoff_expired', __( 'The handoff has expired.', 'manufacturer-agent' ) );
		}
		return new \WP_Error( 'sidecar_error', sprintf( 'The sidecar answered %d.', $answer->status ) );
	}

	/**
	 * Marks submitted, and when the sidecar is away, schedules the call again.
	 *
	 * @param string $id Handoff id.
	 * @return true|\WP_Error As mark_submitted().
	 */
	public function mark_submitted_or_later( string $id ) {
		$result = $this->mark_submitted( $id );
		if ( is_wp_error( $result ) && in_array( $result->get_error_code(), array( 'sidecar_unavailable', 'sidecar_error' ), true ) ) {
			$this->schedule( $id, 1 );
		}
		return $result;
	}

	/**
	 * The retry task: once more, then later again until MAX_ATTEMPTS.
	 *
	 * @param string $id      Handoff id.
	 * @param int    $attempt This attempt's number.
	 */
	public function retry( $id, $attempt = 1 ): void {
		$result = $this->mark_submitted( (string) $id );
		if ( is_wp_error( $result ) && in_array( $result->get_error_code(), array( 'sidecar_unavailable', 'sidecar_error' ), true ) && (int) $attempt < self::MAX_ATTEMPTS ) {
			$this->schedule( (string) $id, (int) $attempt + 1 );
		}
	}

	/**
	 * Five minutes, doubling, at most six hours apart.
	 *
	 * @param string $id      Handoff id.
	 * @param int    $attempt The attempt to schedule.
	 */
	private function schedule( string $id, int $attempt ): void {
		$delay = min( 6 * HOUR_IN_SECONDS, 5 * MINUTE_IN_SECONDS * ( 2 ** ( $attempt - 1 ) ) );
		wp_schedule_single_event( time() + $delay, self::RETRY_HOOK, array( $id, $attempt ) );
	}
}
