<?php
/**
 * Tools → Site Health: the sidecar's tests and an Info section.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Admin;

defined( 'ABSPATH' ) || exit;

/**
 * Registers Service_Health's checks as Site Health tests — the shared secret directly (no request),
 * the rest asynchronously through a REST route each, as WordPress runs tests that need HTTP — and
 * the facts as a section of the Info tab.
 */
final class Site_Health {

	/** Prefix of the tests' names in Site Health. */
	public const TEST_PREFIX = 'manufacturer_agent_';

	/** The checks Site Health runs directly: they need no request to the sidecar. */
	private const DIRECT = array( 'secret' );

	/**
	 * Takes its collaborators.
	 *
	 * @param Service_Health $health The checks.
	 */
	public function __construct( private Service_Health $health ) {
	}

	/**
	 * Adds the hooks.
	 */
	public function register(): void {
		add_filter( 'site_status_tests', array( $this, 'tests' ) );
		add_filter( 'debug_information', array( $this, 'info' ) );
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
	}

	/**
	 * The route of the asynchronous tests: GET /wp-json/manufacturer-agent-admin/v1/site-health/{check}.
	 */
	public function register_routes(): void {
		register_rest_route(
			Admin_Routes::NAMESPACE,
			'/site-health/(?P<check>[a-z_]{1,32})',
			array(
				'methods'             => 'GET',
				'callback'            => array( $this, 'rest_result' ),
				'permission_callback' => static fn (): bool => current_user_can( 'view_site_health_checks' ),
				'args'                => array(
					'check' => array(
						'type' => 'string',
						'enum' => array_values( array_diff( Service_Health::CHECKS, self::DIRECT ) ),
					),
				),
			)
		);
	}

	/**
	 * The site_status_tests filter.
	 *
	 * @param array<string, mixed> $tests Tests by kind.
	 * @return array<string, mixed>
	 */
	public function tests( $tests ): array {
		$tests = is_array( $tests ) ? $tests : array();
		foreach ( Service_Health::CHECKS as $check ) {
			$run = fn (): array => $this->result( $check );
			if ( in_array( $check, self::DIRECT, true ) ) {
				$tests['direct'][ self::TEST_PREFIX . $check ] = array(
					'label' => Service_Health::title( $check ),
					'test'  => $run,
				);
				continue;
			}
			$tests['async'][ self::TEST_PREFIX . $check ] = array(
				'label'             => Service_Health::title( $check ),
				'test'              => rest_url( Admin_Routes::NAMESPACE . '/site-health/' . $check ),
				'has_rest'          => true,
				// When Site Health's tests are run in one PHP call (WP_Site_Health::get_tests(), the health-check cron).
				'async_direct_test' => $run,
			);
		}
		return $tests;
	}

	/**
	 * The asynchronous test's answer.
	 *
	 * @param \WP_REST_Request $request The request.
	 */
	public function rest_result( \WP_REST_Request $request ): \WP_REST_Response {
		return new \WP_REST_Response( $this->result( (string) $request->get_param( 'check' ) ) );
	}

	/**
	 * One check in Site Health's shape: label, status, badge, description and actions as HTML.
	 *
	 * @param string $check One of Service_Health::CHECKS.
	 * @return array{label: string, status: string, badge: array{label: string, color: string}, description: string, actions: string, test: string}
	 */
	public function result( string $check ): array {
		$verdict = $this->health->check( $check );
		$colors  = array(
			Service_Health::GOOD        => 'blue',
			Service_Health::RECOMMENDED => 'orange',
			Service_Health::CRITICAL    => 'red',
		);
		$action  = $verdict['action'];
		return array(
			'label'       => $verdict['label'],
			'status'      => $verdict['status'],
			'badge'       => array(
				'label' => __( 'Agent service', 'manufacturer-agent' ),
				'color' => $colors[ $verdict['status'] ],
			),
			'description' => '<p>' . esc_html( $verdict['description'] ) . '</p>',
			'actions'     => null !== $action ? sprintf( '<p><a href="%s">%s</a></p>', esc_url( $action['url'] ), esc_html( $action['text'] ) ) : '',
			'test'        => self::TEST_PREFIX . $check,
		);
	}

	/**
	 * The debug_information filter: the Info tab's section (never the secret itself).
	 *
	 * @param array<string, mixed> $info Sections.
	 * @return array<string, mixed>
	 */
	public function info( $info ): array {
		$info   = is_array( $info ) ? $info : array();
		$fields = array();
		foreach ( $this->health->facts() as $key => $fact ) {
			$fields[ $key ] = array(
				'label' => $fact['label'],
				'value' => $fact['value'],
			);
		}
		// Where the sidecar listens says nothing to whoever a copied report is sent to.
		$fields['sidecar_url']['private'] = true;
		$info['manufacturer-agent'] = array(
			'label'       => __( 'Manufacturer Agent', 'manufacturer-agent' ),
			'description' => __( 'The agent service: the sidecar WordPress relays to, and what it reports.', 'manufacturer-agent' ),
			'fields'      => $fields,
		);
		return $info;
	}
}
