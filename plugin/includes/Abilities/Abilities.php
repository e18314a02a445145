<?php
/**
 * The plugin's operations as WordPress abilities.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Abilities;

use ManufacturerAgent\Bridge\Bridge;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Settings\Schemas;

defined( 'ABSPATH' ) || exit;

/**
 * Where WordPress has the Abilities API (6.9 on), one ability per operation of the public API, in one
 * category. Each runs through Bridge::exchange() on the path its public route takes, so answers,
 * errors and stored handoffs are the sidecar's, whichever door a request used. Schemas, titles,
 * descriptions and annotations of the five tool operations come from the build (schemas/ and the
 * sidecar's tool descriptors): nothing is restated here.
 */
final class Abilities {

	public const CATEGORY = 'manufacturer-agent';

	/**
	 * Operation by ability name: the tool it is (for its descriptor), the sidecar path and method,
	 * or for the question the REST route's schemas. start-project-handoff has no REST route: it runs
	 * as the tool on the tool endpoint.
	 *
	 * @var array<string, array<string, string>>
	 */
	private const OPERATIONS = array(
		'get-company-information'   => array( 'tool' => 'get_company_information', 'method' => 'GET', 'path' => '/wp-json/manufacturer-agent/v1/company' ),
		'list-materials'            => array( 'tool' => 'list_materials', 'method' => 'GET', 'path' => '/wp-json/manufacturer-agent/v1/materials' ),
		'recommend-material'        => array( 'tool' => 'recommend_material', 'method' => 'GET', 'path' => '/wp-json/manufacturer-agent/v1/materials/recommendation' ),
		'start-project-handoff'     => array( 'tool' => 'start_project_handoff', 'method' => 'POST', 'path' => '/mcp/' ),
		'create-project-handoff'    => array( 'tool' => 'create_idempotent_project_handoff', 'method' => 'POST', 'path' => '/wp-json/manufacturer-agent/v1/handoffs' ),
		'answer-question'           => array( 'input' => 'ask-request', 'output' => 'ask-answer', 'method' => 'POST', 'path' => '/wp-json/nlweb/v1/ask' ),
	);

	/**
	 * Takes its collaborators.
	 *
	 * @param Bridge $bridge The path public requests take to the sidecar.
	 */
	public function __construct( private Bridge $bridge ) {
	}

	/**
	 * Hooks the registration; nothing happens on WordPress without the Abilities API.
	 */
	public function boot(): void {
		if ( ! function_exists( 'wp_register_ability' ) || ! function_exists( 'wp_register_ability_category' ) ) {
			return;
		}
		add_action( 'wp_abilities_api_categories_init', array( $this, 'register_category' ) );
		add_action( 'wp_abilities_api_init', array( $this, 'register' ) );
		add_filter( 'wp_ability_validate_input', array( $this, 'defer_validation' ), 10, 3 );
		add_filter( 'rest_endpoints', array( $this, 'keep_input_as_sent' ) );
	}

	/**
	 * The category of the abilities.
	 */
	public function register_category(): void {
		wp_register_ability_category(
			self::CATEGORY,
			array(
				'label'       => __( 'Wallpaper manufacturer', 'manufacturer-agent' ),
				'description' => __( 'Material catalog, recommendations, company facts, questions and human-reviewed project handoffs of the wallpaper manufacturer.', 'manufacturer-agent' ),
			)
		);
	}

	/**
	 * One ability per operation.
	 */
	public function register(): void {
		$tools = array();
		foreach ( (array) Schemas::get( 'tools' ) as $tool ) {
			$tools[ $tool['name'] ?? '' ] = $tool;
		}
		foreach ( self::OPERATIONS as $name => $operation ) {
			$args = isset( $operation['tool'] ) ? self::tool_args( $tools[ $operation['tool'] ] ?? null ) : self::question_args();
			if ( null === $args ) {
				continue; // An incomplete build: the plugin's own status check reports it.
			}
			wp_register_ability(
				self::CATEGORY . '/' . $name,
				$args + array(
					'category'            => self::CATEGORY,
					// Exactly what the public API grants: everyone.
					'permission_callback' => '__return_true',
					'execute_callback'    => fn ( $input = null ) => $this->run( $name, $input ),
				)
			);
		}
	}

	/**
	 * Label, description, schemas and annotations of a tool's descriptor.
	 *
	 * @param array<string, mixed>|null $tool The descriptor from the build.
	 * @return array<string, mixed>|null
	 */
	private static function tool_args( ?array $tool ): ?array {
		if ( ! is_array( $tool ) || ! is_array( $tool['inputSchema'] ?? null ) || ! is_array( $tool['outputSchema'] ?? null ) ) {
			return null;
		}
		$hints = (array) ( $tool['annotations'] ?? array() );
		return array(
			'label'         => (string) $tool['title'],
			'description'   => (string) $tool['description'],
			'input_schema'  => self::optional_object( $tool['inputSchema'] ),
			'output_schema' => $tool['outputSchema'],
			'meta'          => self::meta( (bool) ( $hints['readOnlyHint'] ?? false ), (bool) ( $hints['idempotentHint'] ?? false ), (bool) ( $hints['destructiveHint'] ?? true ) ),
		);
	}

	/**
	 * The question operation, described by its REST route's schemas.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function question_args(): ?array {
		$input  = Schemas::get( self::OPERATIONS['answer-question']['input'] );
		$output = Schemas::get( self::OPERATIONS['answer-question']['output'] );
		if ( null === $input || null === $output ) {
			return null;
		}
		return array(
			'label'         => __( 'Answer a question', 'manufacturer-agent' ),
			'description'   => __( 'Answers a question in German or English from the site\'s own data: materials, recommendations, company facts and the next steps. Same answer as the NLWeb ask endpoint (/wp-json/nlweb/v1/ask).', 'manufacturer-agent' ),
			'input_schema'  => $input,
			'output_schema' => $output,
			'meta'          => self::meta( true, true, false ),
		);
	}

	/**
	 * Annotations, REST exposure and the flag WordPress's MCP Adapter reads to offer an ability as a public tool.
	 *
	 * @param bool $readonly    Changes nothing.
	 * @param bool $idempotent  Repeating it changes nothing more.
	 * @param bool $destructive May remove or overwrite.
	 * @return array<string, mixed>
	 */
	private static function meta( bool $readonly, bool $idempotent, bool $destructive ): array {
		return array(
			'annotations'  => array(
				'readonly'    => $readonly,
				'destructive' => $destructive,
				'idempotent'  => $idempotent,
			),
			'show_in_rest' => true,
			'public'       => true,
			'mcp'          => array(
				'public' => true,
				'type'   => 'tool',
			),
		);
	}

	/**
	 * An object schema whose every property is optional also accepts no input at all (a GET without
	 * ?input), and keeps `properties` a JSON object when empty.
	 *
	 * @param array<string, mixed> $schema Input schema.
	 * @return array<string, mixed>
	 */
	private static function optional_object( array $schema ): array {
		if ( 'object' === ( $schema['type'] ?? null ) && empty( $schema['required'] ) ) {
			$schema['default'] = new \stdClass();
		}
		if ( array() === ( $schema['properties'] ?? null ) ) {
			$schema['properties'] = new \stdClass();
		}
		return $schema;
	}

	/**
	 * The sidecar validates input, as it does for the REST routes: so an ability answers bad input
	 * with the same error (code, message, status, fields) as the route. WordPress's own check of
	 * the same schema is set aside for these abilities only.
	 *
	 * @param true|\WP_Error $valid WordPress's verdict.
	 * @param mixed          $input The input.
	 * @param string         $name  Ability name.
	 * @return true|\WP_Error
	 */
	public function defer_validation( $valid, $input, string $name ) {
		return self::ours( $name ) ? true : $valid;
	}

	/**
	 * The run route coerces input that validates to its schema, which drops unknown properties: for
	 * these abilities the sidecar sees the input as sent, so an unknown field is refused as on the route.
	 *
	 * @param array<string, mixed> $endpoints REST endpoints.
	 * @return array<string, mixed>
	 */
	public function keep_input_as_sent( array $endpoints ): array {
		foreach ( $endpoints as $route => $handlers ) {
			if ( ! str_starts_with( (string) $route, '/wp-abilities/v1/abilities/' ) || ! str_ends_with( (string) $route, '/run' ) ) {
				continue;
			}
			foreach ( (array) $handlers as $i => $handler ) {
				$sanitize = $handler['args']['input']['sanitize_callback'] ?? null;
				if ( is_array( $handler ) && is_callable( $sanitize ) ) {
					$endpoints[ $route ][ $i ]['args']['input']['sanitize_callback'] = static fn ( $value, $request, $param ) => self::ours( (string) $request['name'] ) ? $value : $sanitize( $value, $request, $param );
				}
			}
		}
		return $endpoints;
	}

	/**
	 * Whether an ability name is one of this plugin's.
	 *
	 * @param string $name Ability name.
	 */
	private static function ours( string $name ): bool {
		return str_starts_with( $name, self::CATEGORY . '/' ) && isset( self::OPERATIONS[ substr( $name, strlen( self::CATEGORY ) + 1 ) ] );
	}

	/**
	 * Runs an operation through the sidecar.
	 *
	 * @param string $name  Ability name without the category.
	 * @param mixed  $input The input as sent.
	 * @return mixed|\WP_Error
	 */
	public function run( string $name, $input ) {
		$operation = self::OPERATIONS[ $name ];
		$input     = is_object( $input ) ? get_object_vars( $input ) : ( null === $input ? array() : $input );
		$headers   = array( 'accept' => 'application/json' );
		$query     = '';
		$body      = '';
		if ( 'start-project-handoff' === $name ) {
			// The tool endpoint is this operation's only route.
			$headers = array(
				'accept'       => 'application/json, text/event-stream',
				'content-type' => 'application/json',
			);
			$body    = (string) wp_json_encode(
				array(
					'jsonrpc' => '2.0',
					'id'      => 1,
					'method'  => 'tools/call',
					'params'  => array(
						'name'      => $operation['tool'],
						'arguments' => self::json_object( $input ),
					),
				)
			);
		} elseif ( 'create-project-handoff' === $name && is_array( $input ) ) {
			// The key travels as the route's Idempotency-Key header, the rest as its body.
			$headers['content-type']    = 'application/json';
			$headers['idempotency-key'] = is_scalar( $input['idempotency_key'] ?? null ) ? (string) $input['idempotency_key'] : '';
			unset( $input['idempotency_key'] );
			$body = (string) wp_json_encode( self::json_object( $input ) );
		} elseif ( 'POST' === $operation['method'] ) {
			$headers['content-type'] = 'application/json';
			$body                    = (string) wp_json_encode( self::json_object( $input ) );
		} elseif ( is_array( $input ) ) {
			$query = http_build_query( $input, '', '&', PHP_QUERY_RFC3986 );
		}
		try {
			$answer = $this->bridge->exchange( $operation['method'], $operation['path'], $query, $headers, $body );
		} catch ( Sidecar_Unavailable $e ) {
			return Bridge::unavailable_error();
		}
		$json = $answer->json();
		if ( 'start-project-handoff' === $name ) {
			return self::tool_result( $answer->status, $json );
		}
		if ( $answer->status >= 300 || ! is_array( $json ) ) {
			return self::problem( $answer->status, $json );
		}
		if ( 'create-project-handoff' === $name ) {
			// Decoded to arrays, an empty requirements object would come out as [] where the schema says an object.
			if ( array() === ( $json['requirements'] ?? null ) ) {
				$json['requirements'] = new \stdClass();
			}
			return array(
				'replayed' => 'true' === $answer->header( 'idempotent-replayed' ),
				'handoff'  => $json,
			);
		}
		return $json;
	}

	/**
	 * Input as a JSON object: an empty PHP array would be sent as [].
	 *
	 * @param mixed $input Input.
	 * @return mixed
	 */
	private static function json_object( $input ) {
		return array() === $input ? new \stdClass() : $input;
	}

	/**
	 * The sidecar's problem answer as a WP_Error with the same code, message, status and fields.
	 *
	 * @param int   $status HTTP status.
	 * @param mixed $json   The problem body.
	 */
	private static function problem( int $status, $json ): \WP_Error {
		$json = is_array( $json ) ? $json : array();
		$data = array( 'status' => $status >= 400 ? $status : 502 );
		if ( isset( $json['errors'] ) ) {
			$data['errors'] = $json['errors'];
		}
		return new \WP_Error(
			is_string( $json['code'] ?? null ) ? $json['code'] : 'sidecar_error',
			is_string( $json['detail'] ?? null ) ? $json['detail'] : __( 'The agent service gave no usable answer.', 'manufacturer-agent' ),
			$data
		);
	}

	/**
	 * A tools/call answer: the structured result, or its error text as a 400.
	 *
	 * @param int   $status HTTP status.
	 * @param mixed $json   JSON-RPC answer.
	 * @return mixed|\WP_Error
	 */
	private static function tool_result( int $status, $json ) {
		$result = is_array( $json ) ? ( $json['result'] ?? null ) : null;
		if ( 200 !== $status || ! is_array( $result ) ) {
			return self::problem( $status, $json );
		}
		if ( ! empty( $result['isError'] ) || ! is_array( $result['structuredContent'] ?? null ) ) {
			return new \WP_Error( 'rest_invalid_param', (string) ( $result['content'][0]['text'] ?? '' ), array( 'status' => 400 ) );
		}
		return $result['structuredContent'];
	}
}
