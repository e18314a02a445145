<?php
/**
 * HTTP to the sidecar on loopback.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Bridge;

use ManufacturerAgent\Settings\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * Sends requests to the sidecar with the bridge's shared secret. Uses curl so that an event
 * stream can be handed to the client chunk by chunk as it arrives.
 */
final class Sidecar_Client {

	public const DEFAULT_URL = 'http://127.0.0.1:8787';

	/*
	 * How long a PHP worker waits for the sidecar, by kind of request (issue 27). Every PHP worker of the
	 * site may be waiting on the one sidecar: bounded waits keep a slow sidecar from taking the site's
	 * ordinary pages down with it. Past them the client gets 503 with Retry-After (README, "The bridge").
	 */

	/** Milliseconds to connect on loopback: a sidecar that cannot accept in a second is down or swamped. */
	public const CONNECT_TIMEOUT_MS = 1000;
	/** Seconds for a reading request (GET, HEAD): documents, catalog, a question's JSON answer. */
	public const READ_TIMEOUT = 5;
	/** Seconds for a writing request (POST and the rest): a handoff, a tool call, a question by POST. */
	public const WRITE_TIMEOUT = 10;
	/** Seconds for a whole event stream; it must also not stall (no byte) for READ_TIMEOUT seconds. */
	public const STREAM_TIMEOUT = 60;
	/** Seconds for the plugin's own calls: the configuration push, handoff reads for review and wp-admin. */
	public const INTERNAL_TIMEOUT = 15;
	/**
	 * Seconds after a public request timed out during which public requests are answered 503 at once
	 * instead of waiting in turn: the sidecar is swamped, and waiting would only hold more PHP workers.
	 */
	public const BACKOFF_SECONDS = 5;


	/**
	 * The wait for a public request of this method.
	 *
	 * @param string $method HTTP method.
	 * @param bool   $stream Whether the answer is an event stream.
	 */
	public static function timeout_for( string $method, bool $stream = false ): int {
		if ( $stream ) {
			return self::STREAM_TIMEOUT;
		}
		return in_array( strtoupper( $method ), array( 'GET', 'HEAD' ), true ) ? self::READ_TIMEOUT : self::WRITE_TIMEOUT;
	}

	/**
	 * Takes its collaborators.
	 *
	 * @param string $base_url Sidecar URL without a trailing slash.
	 * @param string $token    Shared secret.
	 */
	public function __construct( private string $base_url, private string $token ) {
		$this->base_url = rtrim( $base_url, '/' );
	}

	/**
	 * The client as configured by the constant or environment variable of each setting.
	 */
	public static function from_environment(): self {
		return new self( self::setting( 'MANUFACTURER_AGENT_SIDECAR_URL', self::DEFAULT_URL ), self::setting( 'MANUFACTURER_AGENT_BRIDGE_TOKEN', '' ) );
	}

	/**
	 * An operator's setting: a constant (wp-config.php) wins over an environment variable of the same name.
	 *
	 * @param string $name     Setting name.
	 * @param string $fallback Default.
	 */
	public static function setting( string $name, string $fallback ): string {
		if ( defined( $name ) && is_string( constant( $name ) ) && '' !== constant( $name ) ) {
			return constant( $name );
		}
		$value = getenv( $name );
		return is_string( $value ) && '' !== $value ? $value : $fallback;
	}

	/**
	 * Sidecar URL.
	 */
	public function base_url(): string {
		return $this->base_url;
	}

	/**
	 * Whether a shared secret is set; without one the sidecar refuses the bridge endpoints.
	 */
	public function has_token(): bool {
		return '' !== $this->token;
	}

	/**
	 * Whether the shared secret is this text (compared in constant time), e.g. the documentation's example.
	 *
	 * @param string $candidate Text to compare.
	 */
	public function is_token( string $candidate ): bool {
		return hash_equals( $this->token, $candidate );
	}

	/**
	 * Whether a path could be read as another one by a client, proxy or router that normalises it.
	 *
	 * @param string $path The path (no query).
	 */
	public static function is_ambiguous_path( string $path ): bool {
		// The sidecar's own rule (contract: ambiguous_path_pattern): a dot segment, a percent escape of
		// anything but a letter, digit, '-', '_' or '~', a backslash, a ';' parameter, non-visible ASCII.
		return 1 === preg_match( '#' . Contract::get( 'ambiguous_path_pattern' ) . '#i', $path );
	}

	/**
	 * Sends one request: a public request relayed for a visitor (the secret only), or with
	 * $internal one of the plugin's own calls (the secret and the internal credential).
	 *
	 * @param string                $method     HTTP method.
	 * @param string                $target     Path and query, starting with a slash.
	 * @param array<string, string> $headers    Request headers (lower-case names).
	 * @param string|null           $body       Request body.
	 * @param callable|null         $on_headers fn( int $status, array $headers ): bool — true streams the body to $on_chunk.
	 * @param callable|null         $on_chunk   fn( string $chunk ): void.
	 * @param int|null              $timeout    Seconds for the whole exchange; by default by kind (timeout_for(), INTERNAL_TIMEOUT).
	 * @param bool                  $internal   Whether this is the plugin's own call rather than a relayed one.
	 * @throws Sidecar_Unavailable When the sidecar cannot be reached or times out before answering.
	 * @throws \InvalidArgumentException When the path is ambiguous: it is never sent.
	 */
	public function request( string $method, string $target, array $headers = array(), ?string $body = null, ?callable $on_headers = null, ?callable $on_chunk = null, ?int $timeout = null, bool $internal = false ): Sidecar_Response {
		$path = (string) strtok( $target, '?' );
		if ( self::is_ambiguous_path( $path ) || 1 === preg_match( '/[^\x21-\x7e]/', $target ) ) {
			throw new \InvalidArgumentException( 'ambiguous request target' );
		}
		$timeout ??= $internal ? self::INTERNAL_TIMEOUT : self::timeout_for( $method );
		if ( ! $internal && $this->backing_off() ) {
			throw new Sidecar_Unavailable( 'the sidecar did not answer in time moments ago' );
		}
		unset( $headers[ Contract::header( 'internal' ) ] );
		$headers[ Contract::header( 'token' ) ] = $this->token;
		if ( $internal ) {
			$headers[ Contract::header( 'internal' ) ] = hash_hmac( 'sha256', (string) Contract::get( 'internal_credential_context' ), $this->token );
		}
		if ( ! function_exists( 'curl_init' ) ) {
			return $this->request_without_curl( $method, $target, $headers, $body, $timeout );
		}

		$lines = array( 'Expect:' );
		foreach ( $headers as $name => $value ) {
			$lines[] = $name . ': ' . str_replace( array( "\r", "\n" ), '', $value );
		}

		$status          = 0;
		$response_headers = array();
		$headers_done    = false;
		$streaming       = false;
		$buffer          = '';
		$start_body      = static function () use ( &$headers_done, &$streaming, &$status, &$response_headers, $on_headers ): void {
			if ( ! $headers_done ) {
				$headers_done = true;
				$streaming    = null !== $on_headers && (bool) $on_headers( $status, $response_headers );
			}
		};

		$handle = curl_init( $this->base_url . $target );
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_CUSTOMREQUEST  => $method,
				// The path goes out as written: curl must not resolve dot segments into another route.
				CURLOPT_PATH_AS_IS     => true,
				CURLOPT_HTTPHEADER     => $lines,
				// Without NOSIGNAL, a libcurl that resolves with SIGALRM refuses any connect budget under a whole
				// second left ("remaining timeout of 999 too small to resolve via SIGALRM method"), so a 1 s
				// connect wait failed as soon as one millisecond had passed.
				CURLOPT_NOSIGNAL          => true,
				CURLOPT_CONNECTTIMEOUT_MS => self::CONNECT_TIMEOUT_MS,
				CURLOPT_TIMEOUT           => $timeout,
				// A stream (or any answer) that stops flowing is given up as a slow answer would be.
				CURLOPT_LOW_SPEED_LIMIT   => 1,
				CURLOPT_LOW_SPEED_TIME    => min( $timeout, self::READ_TIMEOUT ),
				CURLOPT_NOBODY         => 'HEAD' === $method,
				CURLOPT_HEADERFUNCTION => static function ( $curl, string $line ) use ( &$status, &$response_headers ): int {
					$trimmed = trim( $line );
					if ( preg_match( '#^HTTP/\S+\s+(\d{3})#', $trimmed, $match ) ) {
						$status           = (int) $match[1];
						$response_headers = array();
					} elseif ( str_contains( $trimmed, ':' ) ) {
						list( $name, $value )                   = explode( ':', $trimmed, 2 );
						$response_headers[ strtolower( trim( $name ) ) ][] = trim( $value );
					}
					return strlen( $line );
				},
				CURLOPT_WRITEFUNCTION  => static function ( $curl, string $chunk ) use ( &$buffer, &$streaming, $start_body, $on_chunk ): int {
					$start_body();
					if ( $streaming && null !== $on_chunk ) {
						$on_chunk( $chunk );
					} else {
						$buffer .= $chunk;
					}
					return strlen( $chunk );
				},
			)
		);
		if ( null !== $body && 'GET' !== $method && 'HEAD' !== $method ) {
			curl_setopt( $handle, CURLOPT_POSTFIELDS, $body );
		}
		$ok    = curl_exec( $handle );
		$error = curl_error( $handle );
		$errno = curl_errno( $handle );
		curl_close( $handle );
		if ( CURLE_OPERATION_TIMEDOUT === $errno && ! $internal ) {
			$this->back_off();
		}

		if ( 0 === $status ) {
			throw new Sidecar_Unavailable( '' !== $error ? $error : 'no answer' );
		}
		if ( false === $ok && ! $headers_done && '' !== $error ) {
			throw new Sidecar_Unavailable( $error );
		}
		$start_body();
		return new Sidecar_Response( $status, $response_headers, $buffer, $streaming );
	}

	/**
	 * The WordPress HTTP API where PHP has no curl: the same exchange, without streaming.
	 *
	 * @param string                $method  HTTP method.
	 * @param string                $target  Path and query.
	 * @param array<string, string> $headers Request headers.
	 * @param string|null           $body    Request body.
	 * @param int                   $timeout Seconds.
	 * @throws Sidecar_Unavailable When the sidecar cannot be reached.
	 */
	private function request_without_curl( string $method, string $target, array $headers, ?string $body, int $timeout ): Sidecar_Response {
		$result = wp_remote_request(
			$this->base_url . $target,
			array(
				'method'      => $method,
				'headers'     => $headers,
				'body'        => $body,
				'timeout'     => $timeout,
				'redirection' => 0,
			)
		);
		if ( is_wp_error( $result ) ) {
			throw new Sidecar_Unavailable( $result->get_error_message() );
		}
		$headers_out = array();
		foreach ( wp_remote_retrieve_headers( $result )->getAll() as $name => $value ) {
			$headers_out[ strtolower( $name ) ] = is_array( $value ) ? array_values( $value ) : array( (string) $value );
		}
		return new Sidecar_Response( (int) wp_remote_retrieve_response_code( $result ), $headers_out, (string) wp_remote_retrieve_body( $result ) );
	}

	/**
	 * A JSON request to one of the sidecar's internal endpoints (configuration, handoff reads).
	 *
	 * @param string     $method HTTP method.
	 * @param string     $target Path and query.
	 * @param mixed|null $data   Body to encode as JSON.
	 * @throws Sidecar_Unavailable When the sidecar cannot be reached.
	 */
	public function json( string $method, string $target, $data = null ): Sidecar_Response {
		$headers = array( 'accept' => 'application/json' );
		$body    = null;
		if ( null !== $data ) {
			$headers['content-type'] = 'application/json';
			$body                    = (string) wp_json_encode( $data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		}
		return $this->request( $method, $target, $headers, $body, null, null, self::INTERNAL_TIMEOUT, true );
	}

	/**
	 * The file whose time marks the last public request that timed out: shared by every PHP worker of the
	 * site without a database query (one stat per request).
	 */
	private function backoff_file(): string {
		return rtrim( sys_get_temp_dir(), '/\\' ) . '/manufacturer-agent-backoff-' . md5( $this->base_url ) . '.txt';
	}

	/**
	 * Whether a public request timed out within BACKOFF_SECONDS.
	 */
	private function backing_off(): bool {
		$file = $this->backoff_file();
		clearstatcache( true, $file );
		$time = @filemtime( $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- absent is the usual case.
		return false !== $time && time() - $time < self::BACKOFF_SECONDS;
	}

	/**
	 * Notes that a public request timed out now.
	 */
	private function back_off(): void {
		@touch( $this->backoff_file() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- an unwritable temp dir only loses the back-off.
	}
}
