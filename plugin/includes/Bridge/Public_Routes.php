<?php
/**
 * The specification's public paths on the WordPress site.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Bridge;

use ManufacturerAgent\Settings\Contract;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Serves every public path through the bridge. Real HTTP requests are answered as soon as plugins
 * are loaded, before WordPress parses the request or runs the REST server: the answer is the
 * sidecar's, so nothing later in WordPress's load could change it. The REST namespaces are also
 * registered with the REST API, so they are listed in its index and work for rest_do_request().
 */
final class Public_Routes {

	/**
	 * Takes its collaborators.
	 *
	 * @param Bridge $bridge The bridge.
	 */
	public function __construct( private Bridge $bridge ) {
	}

	/**
	 * Answers the current request if it is one of ours, then ends it.
	 */
	public function serve_early(): void {
		$target = self::sidecar_target( isset( $_SERVER['REQUEST_URI'] ) && is_string( $_SERVER['REQUEST_URI'] ) ? $_SERVER['REQUEST_URI'] : '' ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared, never printed.
		if ( null === $target ) {
			return;
		}
		if ( false === $target ) {
			$this->bridge->refuse_ambiguous_path();
			exit;
		}
		$method = isset( $_SERVER['REQUEST_METHOD'] ) && is_string( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( $_SERVER['REQUEST_METHOD'] ) : 'GET';
		$body   = in_array( $method, array( 'GET', 'HEAD', 'OPTIONS' ), true ) ? '' : (string) file_get_contents( 'php://input' );
		$this->bridge->relay( $method, $target[0], $target[1], Bridge::current_request_headers(), $body );
		exit;
	}

	/**
	 * The sidecar path and query for a request URI, null when the URI is not one of ours, or false when
	 * it is ours but ambiguous: a dot segment, a percent escape, a backslash, a ';' or a byte outside
	 * visible ASCII in the path or the rest_route (in any encoding), which a client, curl or the sidecar
	 * could resolve to another route than the one checked here. Such a request is never relayed.
	 *
	 * @param string $request_uri The request URI (path and query).
	 * @return array{0: string, 1: string}|false|null
	 */
	public static function sidecar_target( string $request_uri ): array|false|null {
		$query_at = strpos( $request_uri, '?' );
		$path     = false === $query_at ? $request_uri : substr( $request_uri, 0, $query_at );
		$query    = false === $query_at ? '' : substr( $request_uri, $query_at + 1 );
		$target   = self::route_of( $path, $query );
		if ( null === $target ) {
			return null;
		}
		if ( Sidecar_Client::is_ambiguous_path( $target[0] ) || 1 === preg_match( '/[^\x21-\x7e]/', $target[1] ) ) {
			return false;
		}
		return $target;
	}

	/**
	 * Which of our routes a path and query name, before any check of their characters.
	 *
	 * @param string $path  The request path as received.
	 * @param string $query The query string as received.
	 * @return array{0: string, 1: string}|null
	 */
	private static function route_of( string $path, string $query ): ?array {
		$home  = untrailingslashit( (string) wp_parse_url( home_url(), PHP_URL_PATH ) );
		if ( '' !== $home ) {
			if ( $path !== $home && ! str_starts_with( $path, $home . '/' ) ) {
				return null;
			}
			$path = substr( $path, strlen( $home ) );
		}
		$path = '' === $path ? '/' : $path;

		// Root paths of the specification, relative to the site's home path.
		if ( in_array( $path, (array) Contract::get( 'root_paths' ), true ) ) {
			return array( $path, $query );
		}

		$rest_prefix = '/' . trim( rest_get_url_prefix(), '/' );
		if ( str_starts_with( $path, $rest_prefix . '/' ) && self::names_our_namespace( substr( $path, strlen( $rest_prefix ) ) ) ) {
			return array( '/wp-json' . substr( $path, strlen( $rest_prefix ) ), $query );
		}

		// Sites without pretty permalinks: /?rest_route=/manufacturer-agent/v1/materials&…
		if ( ( '/' === $path || '/index.php' === $path ) && '' !== $query ) {
			parse_str( $query, $params );
			$route = isset( $params['rest_route'] ) && is_string( $params['rest_route'] ) ? '/' . ltrim( $params['rest_route'], '/' ) : '';
			if ( self::names_our_namespace( $route ) ) {
				$rest = preg_replace( '/(^|&)rest_route=[^&]*/', '', $query );
				return array( '/wp-json' . $route, ltrim( (string) $rest, '&' ) );
			}
		}
		return null;
	}

	/**
	 * Whether a REST route starts with one of our namespaces. What follows the namespace may be an
	 * escape, a dot or a backslash as well as a slash: such a route is ours, so that it is refused as
	 * ambiguous instead of being left to a router that could resolve it elsewhere.
	 *
	 * @param string $route The route, starting with a slash.
	 */
	private static function names_our_namespace( string $route ): bool {
		// Forwarded whole, every version (an unknown version is the sidecar's 404 too); the sidecar
		// serves them under /wp-json whatever WordPress's REST prefix.
		foreach ( (array) Contract::get( 'rest_namespaces' ) as $namespace ) {
			if ( 1 === preg_match( '#^/' . preg_quote( $namespace, '#' ) . '(?:$|[/\\\\%.;])#i', $route ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Registers the routes with the REST API. Arguments are described, not checked: the sidecar
	 * validates, so an answer is the same whichever way the request came.
	 */
	public function register_routes(): void {
		$pass     = static fn ( $value ) => $value;
		$public   = '__return_true';
		$callback = array( $this, 'handle_rest' );
		$string   = static fn ( string $description, array $extra = array() ): array => array_merge(
			array(
				'type'              => 'string',
				'description'       => $description,
				'sanitize_callback' => $pass,
				'validate_callback' => null,
			),
			$extra
		);
		$schema     = Settings::schema();
		$priorities = $schema['properties']['materials']['items']['properties']['priorities']['items']['enum'] ?? array();

		register_rest_route( 'manufacturer-agent/v1', '/materials', array( 'methods' => 'GET', 'callback' => $callback, 'permission_callback' => $public ) );
		register_rest_route(
			'manufacturer-agent/v1',
			'/materials/recommendation',
			array(
				'methods'             => 'GET',
				'callback'            => $callback,
				'permission_callback' => $public,
				'args'                => array( 'priority' => $string( __( 'The project priority.', 'manufacturer-agent' ), array( 'enum' => $priorities ) ) ),
			)
		);
		register_rest_route( 'manufacturer-agent/v1', '/company', array( 'methods' => 'GET', 'callback' => $callback, 'permission_callback' => $public ) );
		register_rest_route(
			'manufacturer-agent/v1',
			'/handoffs',
			array(
				'methods'             => 'POST',
				'callback'            => $callback,
				'permission_callback' => $public,
				'args'                => array( 'next_step' => $string( __( 'The next step: project_enquiry, sample_request or wallcheck. Send the Idempotency-Key header.', 'manufacturer-agent' ) ) ),
			)
		);
		register_rest_route(
			'nlweb/v1',
			'/ask',
			array(
				'methods'             => array( 'GET', 'POST' ),
				'callback'            => $callback,
				'permission_callback' => $public,
				'args'                => array( 'query' => $string( __( 'The question, in German or English.', 'manufacturer-agent' ) ) ),
			)
		);
	}

	/**
	 * A REST request that did not come over HTTP (rest_do_request): the sidecar's answer as a REST response.
	 *
	 * @param \WP_REST_Request $request The request.
	 */
	public function handle_rest( \WP_REST_Request $request ): \WP_REST_Response {
		$headers = array();
		foreach ( $request->get_headers() as $name => $values ) {
			$headers[ strtolower( str_replace( '_', '-', $name ) ) ] = implode( ', ', (array) $values );
		}
		$query = http_build_query( $request->get_query_params() );
		try {
			$answer = $this->bridge->exchange( $request->get_method(), '/wp-json' . $request->get_route(), $query, $headers, (string) $request->get_body() );
		} catch ( Sidecar_Unavailable $e ) {
			$error    = Bridge::unavailable_error();
			$response = rest_convert_error_to_response( $error );
			$response->header( 'Retry-After', (string) $error->get_error_data()['retry_after'] );
			return $response;
		} catch ( \InvalidArgumentException $e ) {
			return new \WP_REST_Response( array( 'code' => 'rest_invalid_path', 'message' => __( 'The request path is not valid here.', 'manufacturer-agent' ), 'data' => array( 'status' => 400 ) ), 400 );
		}
		$data     = $answer->json();
		$response = new \WP_REST_Response( null === $data ? $answer->body : $data, $answer->status );
		foreach ( $answer->headers as $name => $values ) {
			if ( ! in_array( $name, array( 'content-length', 'connection', 'date', 'transfer-encoding', 'keep-alive' ), true ) ) {
				$response->header( $name, implode( ', ', $values ) );
			}
		}
		return $response;
	}
}
