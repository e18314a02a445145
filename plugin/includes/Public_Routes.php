<?php
/**
 * The specification's public paths on the WordPress site.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent;

defined( 'ABSPATH' ) || exit;

/**
 * Serves every public path through the bridge. Real HTTP requests are answered as soon as plugins
 * are loaded, before WordPress parses the request or runs the REST server: the answer is the
 * sidecar's, so nothing later in WordPress's load could change it. The REST namespaces are also
 * registered with the REST API, so they are listed in its index and work for rest_do_request().
 */
final class Public_Routes {

	/** Root paths of the specification (relative to the site's home path). */
	public const ROOT_PATHS = array(
		'/mcp',
		'/mcp/',
		'/mcp/server-card',
		'/llms.txt',
		'/llms-full.txt',
		'/openapi.json',
		'/.well-known/agent.json',
		'/.well-known/agent-card.json',
		'/.well-known/mcp.json',
		'/.well-known/mcp/server-card.json',
		'/.well-known/ai-catalog.json',
	);

	/**
	 * REST namespaces forwarded whole, every version (an unknown version is the sidecar's 404 too);
	 * the sidecar serves them under /wp-json whatever WordPress's REST prefix.
	 */
	public const REST_NAMESPACES = array( 'manufacturer-agent', 'nlweb' );

	/**
	 * @param Bridge $bridge The bridge.
	 */
	public function __construct( private Bridge $bridge ) {
	}

	/**
	 * Answers the current request if it is one of ours, then ends it.
	 */
	public function serve_early(): void {
		$target = self::sidecar_target( isset( $_SERVER['REQUEST_URI'] ) && is_string( $_SERVER['REQUEST_URI'] ) ? $_SERVER['REQUEST_URI'] : '' );
		if ( null === $target ) {
			return;
		}
		$method = isset( $_SERVER['REQUEST_METHOD'] ) && is_string( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( $_SERVER['REQUEST_METHOD'] ) : 'GET';
		$body   = in_array( $method, array( 'GET', 'HEAD', 'OPTIONS' ), true ) ? '' : (string) file_get_contents( 'php://input' );
		$this->bridge->relay( $method, $target[0], $target[1], Bridge::current_request_headers(), $body );
		exit;
	}

	/**
	 * The sidecar path and query for a request URI, or null when the URI is not one of ours.
	 *
	 * @param string $request_uri The request URI (path and query).
	 * @return array{0: string, 1: string}|null
	 */
	public static function sidecar_target( string $request_uri ): ?array {
		$path  = (string) wp_parse_url( $request_uri, PHP_URL_PATH );
		$query = (string) wp_parse_url( $request_uri, PHP_URL_QUERY );
		$home  = untrailingslashit( (string) wp_parse_url( home_url(), PHP_URL_PATH ) );
		if ( '' !== $home ) {
			if ( $path !== $home && ! str_starts_with( $path, $home . '/' ) ) {
				return null;
			}
			$path = substr( $path, strlen( $home ) );
		}
		$path = '' === $path ? '/' : $path;

		if ( in_array( $path, self::ROOT_PATHS, true ) ) {
			return array( $path, $query );
		}

		$rest_prefix = '/' . trim( rest_get_url_prefix(), '/' );
		foreach ( self::REST_NAMESPACES as $namespace ) {
			$base = $rest_prefix . '/' . $namespace;
			if ( $path === $base || str_starts_with( $path, $base . '/' ) ) {
				return array( '/wp-json' . substr( $path, strlen( $rest_prefix ) ), $query );
			}
		}

		// Sites without pretty permalinks: /?rest_route=/manufacturer-agent/v1/materials&…
		if ( ( '/' === $path || '/index.php' === $path ) && '' !== $query ) {
			parse_str( $query, $params );
			$route = isset( $params['rest_route'] ) && is_string( $params['rest_route'] ) ? '/' . ltrim( $params['rest_route'], '/' ) : '';
			foreach ( self::REST_NAMESPACES as $namespace ) {
				if ( $route === '/' . $namespace || str_starts_with( $route, '/' . $namespace . '/' ) ) {
					$rest = preg_replace( '/(^|&)rest_route=[^&]*/', '', $query );
					return array( '/wp-json' . $route, ltrim( (string) $rest, '&' ) );
				}
			}
		}
		return null;
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
			$response = new \WP_REST_Response( array( 'code' => 'service_unavailable', 'message' => __( 'The agent service is temporarily unavailable.', 'manufacturer-agent' ), 'data' => array( 'status' => 503 ) ), 503 );
			$response->header( 'Retry-After', (string) Bridge::RETRY_AFTER_UNAVAILABLE );
			return $response;
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
