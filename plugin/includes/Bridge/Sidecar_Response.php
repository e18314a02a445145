<?php
/**
 * An answer of the sidecar.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Bridge;

defined( 'ABSPATH' ) || exit;

/**
 * Status, headers (lower-case names, each a list of values) and body; the body is empty when it was streamed.
 */
final class Sidecar_Response {

	/**
	 * An answer of the sidecar.
	 *
	 * @param int                          $status   HTTP status.
	 * @param array<string, list<string>> $headers  Response headers.
	 * @param string                       $body     Body, unless streamed.
	 * @param bool                         $streamed Whether the body went straight to the client.
	 */
	public function __construct(
		public readonly int $status,
		public readonly array $headers,
		public readonly string $body,
		public readonly bool $streamed = false
	) {
	}

	/**
	 * First value of a header, or null.
	 *
	 * @param string $name Header name, any case.
	 */
	public function header( string $name ): ?string {
		return $this->headers[ strtolower( $name ) ][0] ?? null;
	}

	/**
	 * The body as decoded JSON, or null when it is not JSON.
	 *
	 * @return mixed
	 */
	public function json() {
		$decoded = json_decode( $this->body, true );
		return JSON_ERROR_NONE === json_last_error() ? $decoded : null;
	}
}
