<?php
/**
 * The handoff a page was opened with (?handoff=<id>).
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Handoffs;

use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Settings\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * Looked up once a request, whoever asks: the review, the form, the form's POST and the hooks.
 */
final class Current_Handoff {

	public const NONE        = 'none';
	public const UNKNOWN     = 'unknown';
	public const UNAVAILABLE = 'unavailable';
	public const FOUND       = 'found';

	private ?string $status = null;

	/**
	 * The handoff record, once looked up.
	 *
	 * @var array<string, mixed>|null
	 */
	private ?array $record = null;

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client $client The sidecar.
	 * @param string|null    $id     A handoff id; null: the one the page's link carries.
	 */
	public function __construct( private Sidecar_Client $client, private ?string $id = null ) {
	}

	/**
	 * The id as the link carries it (or as given), '' when the page was opened without one.
	 */
	public function requested_id(): string {
		if ( null !== $this->id ) {
			return $this->id;
		}
		return isset( $_GET['handoff'] ) && is_string( $_GET['handoff'] ) ? sanitize_text_field( wp_unslash( $_GET['handoff'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a link's id, only read.
	}

	/**
	 * none, unknown (malformed, not found or expired), unavailable (sidecar down) or found.
	 */
	public function status(): string {
		if ( null === $this->status ) {
			$this->status = $this->look_up();
		}
		return $this->status;
	}

	/**
	 * Asks the sidecar once; keeps the record when it is found.
	 */
	private function look_up(): string {
		$id = $this->requested_id();
		if ( '' === $id ) {
			return self::NONE;
		}
		if ( ! Contract::is_handoff_id( $id ) ) {
			return self::UNKNOWN;
		}
		try {
			$answer = $this->client->json( 'GET', '/_bridge/handoffs/' . rawurlencode( $id ) );
		} catch ( Sidecar_Unavailable $e ) {
			return self::UNAVAILABLE;
		}
		$record = $answer->json();
		if ( 200 !== $answer->status || ! is_array( $record ) || ( $record['id'] ?? null ) !== $id ) {
			return self::UNKNOWN;
		}
		$this->record = $record;
		return self::FOUND;
	}

	/**
	 * The handoff record, when found.
	 *
	 * @return array<string, mixed>|null
	 */
	public function record(): ?array {
		return self::FOUND === $this->status() ? $this->record : null;
	}

	/**
	 * The handoff's lifecycle state; created for a sidecar that does not report one.
	 */
	public function state(): string {
		$record = $this->record();
		return null === $record ? '' : (string) ( $record['state'] ?? 'created' );
	}

	/**
	 * Replaces the record after a lifecycle call answered with a newer one.
	 *
	 * @param array<string, mixed> $record HandoffRecord.
	 */
	public function update( array $record ): void {
		if ( self::FOUND === $this->status() && ( $record['id'] ?? null ) === ( $this->record['id'] ?? null ) ) {
			$this->record = $record;
		}
	}
}
