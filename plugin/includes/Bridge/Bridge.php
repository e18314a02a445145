<?php
/**
 * Forwards public requests to the sidecar and relays the answers.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Bridge;

use ManufacturerAgent\Settings\Contract;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * The bridge of docs/bridge-contract.md: method, path, query, body and the headers that matter go to the sidecar
 * with the client address, the site URL and the configuration revision; status, headers and body
 * come back unchanged, event streams chunk by chunk. It decides nothing about the request itself.
 */
final class Bridge {

	/** Request headers an answer can depend on. */
	public const FORWARDED_REQUEST_HEADERS = array(
		'accept',
		'accept-language',
		'content-type',
		'idempotency-key',
		'origin',
		'if-none-match',
		'mcp-protocol-version',
		'mcp-session-id',
		'mcp-method',
		'mcp-name',
		'last-event-id',
		'access-control-request-method',
		'access-control-request-headers',
		// Not for the answer: the insights count requests by agent family (the sidecar keeps only the family).
		'user-agent',
	);

	/** Hop-by-hop headers never reach the client, nor the bridge's own revision header. */
	private const DROPPED_RESPONSE_HEADERS = array( 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'server' );

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client $client  The sidecar.
	 * @param Config_Sync    $sync    Pushes the configuration when the sidecar holds another revision.
	 * @param Client_Address $clients Who the visitor is, behind the proxies the operator trusts.
	 */
	public function __construct( private Sidecar_Client $client, private Config_Sync $sync, private Client_Address $clients ) {
	}

	/**
	 * The headers of the current PHP request, lower-case names.
	 *
	 * @return array<string, string>
	 */
	public static function current_request_headers(): array {
		$headers = array();
		foreach ( $_SERVER as $key => $value ) {
			if ( ! is_string( $value ) ) {
				continue;
			}
			if ( str_starts_with( $key, 'HTTP_' ) ) {
				$headers[ strtolower( str_replace( '_', '-', substr( $key, 5 ) ) ) ] = $value;
			} elseif ( 'CONTENT_TYPE' === $key || 'CONTENT_LENGTH' === $key ) {
				$headers[ strtolower( str_replace( '_', '-', $key ) ) ] = $value;
			}
		}
		return $headers;
	}

	/**
	 * Forwards the current request and writes the answer to the client.
	 *
	 * @param string                $method  HTTP method.
	 * @param string                $path    Path on the sidecar.
	 * @param string                $query   Query string without '?'.
	 * @param array<string, string> $headers Incoming request headers.
	 * @param string                $body    Request body.
	 */
	public function relay( string $method, string $path, string $query, array $headers, string $body ): void {
		$stream = str_contains( strtolower( $headers['accept'] ?? '' ), 'text/event-stream' );
		try {
			$this->exchange(
				$method,
				$path,
				$query,
				$headers,
				$body,
				function ( int $status, array $response_headers ): bool {
					$this->emit_head( $status, $response_headers );
					return true;
				},
				function ( string $chunk ) use ( $stream ): void {
					echo $chunk; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the sidecar's answer, relayed unchanged.
					if ( $stream ) {
						flush();
					}
				},
				Sidecar_Client::timeout_for( $method, $stream )
			);
		} catch ( Sidecar_Unavailable $e ) {
			$this->emit_unavailable( $path );
		} catch ( \InvalidArgumentException $e ) {
			$this->refuse_ambiguous_path();
		}
	}

	/**
	 * 400 for a request whose path could be resolved to another route on its way (see Public_Routes).
	 */
	public function refuse_ambiguous_path(): void {
		$message = 'The request path is not valid here: it holds a dot segment, a percent escape, a backslash, a ";" or a character outside visible ASCII.';
		self::emit_problem( 400, 'rest_invalid_path', $message, array( array( 'field' => 'path', 'message' => 'must be a plain path without dot segments, escapes, backslashes or ";"' ) ) );
	}

	/**
	 * One exchange with the sidecar; a 409 for a stale revision is answered by pushing the saved
	 * configuration and retrying once, and never reaches the client.
	 *
	 * @param string                $method     HTTP method.
	 * @param string                $path       Path on the sidecar.
	 * @param string                $query      Query string.
	 * @param array<string, string> $headers    Incoming request headers.
	 * @param string                $body       Request body.
	 * @param callable|null         $on_headers See Sidecar_Client::request().
	 * @param callable|null         $on_chunk   See Sidecar_Client::request().
	 * @param int|null              $timeout    Seconds; by default the wait for a request of this method (Sidecar_Client::timeout_for()).
	 * @throws Sidecar_Unavailable When the sidecar cannot be reached or does not answer in time.
	 */
	public function exchange( string $method, string $path, string $query, array $headers, string $body, ?callable $on_headers = null, ?callable $on_chunk = null, ?int $timeout = null ): Sidecar_Response {
		$target        = $path . ( '' !== $query ? '?' . $query : '' );
		$send_revision = true;
		for ( $attempt = 0; ; $attempt++ ) {
			$stale    = false;
			$response = $this->client->request(
				$method,
				$target,
				$this->forward_headers( $headers, $send_revision ),
				'' === $body ? null : $body,
				static function ( int $status, array $response_headers ) use ( &$stale, $attempt, $on_headers ): bool {
					if ( 0 === $attempt && 409 === $status && isset( $response_headers[ Contract::header( 'configRevision' ) ] ) ) {
						$stale = true;
						return false;
					}
					return null !== $on_headers && $on_headers( $status, $response_headers );
				},
				$on_chunk,
				$timeout
			);
			if ( ! $stale ) {
				return $response;
			}
			// A sidecar that refuses the saved configuration still serves the one it holds.
			$send_revision = true === $this->sync->push();
		}
	}

	/**
	 * The forwarded headers plus what only the bridge may say.
	 *
	 * @param array<string, string> $headers       Incoming request headers.
	 * @param bool                  $send_revision Whether to name the expected configuration revision.
	 * @return array<string, string>
	 */
	private function forward_headers( array $headers, bool $send_revision ): array {
		$out = array();
		foreach ( self::FORWARDED_REQUEST_HEADERS as $name ) {
			if ( isset( $headers[ $name ] ) ) {
				$out[ $name ] = $headers[ $name ];
			}
		}
		$out[ Contract::header( 'clientAddress' ) ] = $this->clients->of( $_SERVER );
		$out[ Contract::header( 'publicBase' ) ]    = untrailingslashit( home_url() );
		if ( $send_revision ) {
			$out[ Contract::header( 'configRevision' ) ] = Settings::revision();
		}
		return $out;
	}

	/**
	 * Replaces whatever WordPress queued (CORS, Link, X-Robots-Tag, no-cache) by the sidecar's status and headers.
	 *
	 * @param int                          $status  HTTP status.
	 * @param array<string, list<string>> $headers Response headers.
	 */
	private function emit_head( int $status, array $headers ): void {
		if ( headers_sent() ) {
			return;
		}
		header_remove();
		http_response_code( $status );
		foreach ( $headers as $name => $values ) {
			if ( in_array( $name, self::DROPPED_RESPONSE_HEADERS, true ) || Contract::header( 'configRevision' ) === $name ) {
				continue;
			}
			foreach ( $values as $value ) {
				header( $name . ': ' . $value, false );
			}
		}
		if ( str_starts_with( strtolower( $headers['content-type'][0] ?? '' ), 'text/event-stream' ) ) {
			// Each event must leave PHP as it arrives.
			while ( ob_get_level() > 0 ) {
				ob_end_flush();
			}
			if ( function_exists( 'set_time_limit' ) ) {
				set_time_limit( 0 );
			}
		}
	}

	/**
	 * 503 with Retry-After, in the error shape of the endpoint the client called.
	 *
	 * @param string $path Path on the sidecar.
	 */
	private function emit_unavailable( string $path ): void {
		$problem = self::unavailable_problem();
		$message = (string) $problem['detail'];
		$retry   = array( 'Retry-After' => (string) $problem['retry_after'] );
		if ( str_starts_with( $path, '/wp-json/nlweb/' ) ) {
			$body = array(
				'_meta' => array( 'response_type' => 'failure', 'version' => Contract::get( 'interface_version' ) ),
				'error' => array( 'code' => $problem['code'], 'message' => $message ),
			);
			self::emit_json( $problem['status'], 'application/json; charset=utf-8', $body, $retry );
		} elseif ( '/mcp' === rtrim( $path, '/' ) ) {
			$body = array( 'jsonrpc' => '2.0', 'id' => null, 'error' => array( 'code' => -32603, 'message' => $message ) );
			self::emit_json( $problem['status'], 'application/json; charset=utf-8', $body, $retry );
		} else {
			self::emit_problem( $problem['status'], $problem['code'], $message, array(), array( 'retry_after' => $problem['retry_after'] ), $retry );
		}
	}

	/**
	 * What the bridge answers while the sidecar cannot be reached: status, code, detail, retry_after.
	 *
	 * @return array{status: int, code: string, detail: string, retry_after: int}
	 */
	public static function unavailable_problem(): array {
		return Contract::get( 'problems' )['service_unavailable'];
	}

	/**
	 * The same for WordPress's own callers (the REST API, abilities), in the site's language.
	 */
	public static function unavailable_error(): \WP_Error {
		$problem = self::unavailable_problem();
		return new \WP_Error(
			$problem['code'],
			/* translators: %d: seconds */
			sprintf( __( 'The agent service is temporarily unavailable. Retry after %d seconds.', 'manufacturer-agent' ), (int) $problem['retry_after'] ),
			array( 'status' => (int) $problem['status'], 'retry_after' => (int) $problem['retry_after'] )
		);
	}

	/**
	 * A problem+json answer with WordPress's fields, as the sidecar writes them (core/errors.ts).
	 *
	 * @param int                                         $status  HTTP status.
	 * @param string                                      $code    Problem code.
	 * @param string                                      $message What went wrong.
	 * @param list<array{field: string, message: string}> $errors  Field errors.
	 * @param array<string, mixed>                        $data    Further data besides the status.
	 * @param array<string, string>                       $headers Further headers.
	 */
	private static function emit_problem( int $status, string $code, string $message, array $errors = array(), array $data = array(), array $headers = array() ): void {
		$body = array(
			'type'    => 'urn:manufacturer-agent:problem:' . $code,
			'title'   => get_status_header_desc( $status ),
			'status'  => $status,
			'detail'  => $message,
			'code'    => $code,
			'message' => $message,
			'data'    => array_merge( array( 'status' => $status ), $data ),
		);
		if ( $errors ) {
			$body['errors'] = $errors;
		}
		self::emit_json( $status, 'application/problem+json; charset=utf-8', $body, $headers );
	}

	/**
	 * An answer the bridge writes itself, in place of whatever WordPress queued.
	 *
	 * @param int                   $status  HTTP status.
	 * @param string                $type    Content type.
	 * @param array<string, mixed>  $body    Body, encoded as JSON.
	 * @param array<string, string> $headers Further headers.
	 */
	private static function emit_json( int $status, string $type, array $body, array $headers ): void {
		if ( ! headers_sent() ) {
			header_remove();
			http_response_code( $status );
			header( 'Content-Type: ' . $type );
			header( 'Cache-Control: no-store' );
			header( 'Access-Control-Allow-Origin: *' );
			foreach ( $headers as $name => $value ) {
				header( $name . ': ' . $value );
			}
		}
		echo wp_json_encode( $body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON body.
	}
}
