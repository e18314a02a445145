<?php
/**
 * REST routes of the admin screen's Insights tab.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Admin;

use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Insights\Insights_Settings;

defined( 'ABSPATH' ) || exit;

/**
 * /wp-json/manufacturer-agent-admin/v1/insights: the figures the sidecar counted (requests per day by
 * channel, agent family and outcome; the handoff funnel; the questions), the settings, and marking a
 * question as not relevant. Administrators only, as the rest of the admin screen.
 */
final class Insights_Routes {

	/** The periods the tab offers, in days (the sidecar accepts the same). */
	public const PERIODS = array( 7, 30, 90 );

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client    $client   The sidecar.
	 * @param Insights_Settings $settings The recording settings.
	 */
	public function __construct( private Sidecar_Client $client, private Insights_Settings $settings ) {
	}

	/**
	 * Only administrators read what agents asked.
	 */
	public function can_manage(): bool {
		return current_user_can( 'manage_options' );
	}

	/**
	 * Registers the routes.
	 */
	public function register(): void {
		$admin  = array( $this, 'can_manage' );
		$schema = Insights_Settings::schema();
		register_rest_route(
			Admin_Routes::NAMESPACE,
			'/insights',
			array(
				'methods'             => 'GET',
				'callback'            => array( $this, 'report' ),
				'permission_callback' => $admin,
				'args'                => array(
					'days' => array(
						'type'    => 'integer',
						'enum'    => self::PERIODS,
						'default' => 30,
					),
				),
			)
		);
		register_rest_route(
			Admin_Routes::NAMESPACE,
			'/insights/settings',
			array(
				'methods'             => 'PUT',
				'callback'            => array( $this, 'save_settings' ),
				'permission_callback' => $admin,
				'args'                => (array) ( $schema['properties'] ?? array() ),
			)
		);
		register_rest_route(
			Admin_Routes::NAMESPACE,
			'/insights/questions/(?P<text_key>[0-9a-f]{64})/dismissed',
			array(
				'methods'             => 'PUT',
				'callback'            => array( $this, 'dismiss' ),
				'permission_callback' => $admin,
				'args'                => array(
					'text_key'  => array(
						'type'    => 'string',
						'pattern' => '^[0-9a-f]{64}$',
					),
					'dismissed' => array(
						'type'     => 'boolean',
						'required' => true,
					),
				),
			)
		);
	}

	/**
	 * GET /insights: the sidecar's report; a sidecar holding other settings than WordPress is sent them first.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function report( \WP_REST_Request $request ) {
		$target = '/_bridge/insights?' . http_build_query( array( 'days' => (int) $request->get_param( 'days' ) ) );
		try {
			$answer = $this->client->json( 'GET', $target );
			$data   = $answer->json();
			if ( 200 === $answer->status && is_array( $data ) && ( $data['settings'] ?? null ) != Insights_Settings::get() && $this->settings->push() ) { // phpcs:ignore Universal.Operators.StrictComparisons.LooseNotEqual -- arrays compared by key and value, in any order.
				$answer = $this->client->json( 'GET', $target );
				$data   = $answer->json();
			}
		} catch ( Sidecar_Unavailable $e ) {
			return self::unavailable();
		}
		if ( 200 !== $answer->status || ! is_array( $data ) ) {
			return new \WP_Error( 'sidecar_error', __( 'The agent service could not report its insights.', 'manufacturer-agent' ), array( 'status' => 502 ) );
		}
		$data['settings'] = Insights_Settings::get();
		return new \WP_REST_Response( $data );
	}

	/**
	 * PUT /insights/settings: saved as the option (which sends them to the sidecar).
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function save_settings( \WP_REST_Request $request ) {
		$settings = Insights_Settings::get();
		foreach ( array_keys( $settings ) as $name ) {
			if ( null !== $request->get_param( $name ) ) {
				$settings[ $name ] = $request->get_param( $name );
			}
		}
		update_option( Insights_Settings::OPTION, $settings, false );
		if ( ! $this->settings->push() ) {
			return new \WP_Error( 'sidecar_unavailable', __( 'The settings were saved, but the agent service could not be told yet; it follows them once it is reachable.', 'manufacturer-agent' ), array( 'status' => 503 ) );
		}
		return new \WP_REST_Response( Insights_Settings::get() );
	}

	/**
	 * PUT /insights/questions/{text_key}/dismissed: marks a question as not relevant, or takes the mark away.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function dismiss( \WP_REST_Request $request ) {
		$key = (string) $request->get_param( 'text_key' );
		try {
			$answer = $this->client->json( 'PUT', '/_bridge/insights/questions/' . $key . '/dismissed', array( 'dismissed' => (bool) $request->get_param( 'dismissed' ) ) );
		} catch ( Sidecar_Unavailable $e ) {
			return self::unavailable();
		}
		if ( 200 !== $answer->status ) {
			return new \WP_Error( 'sidecar_error', __( 'The agent service could not mark the question.', 'manufacturer-agent' ), array( 'status' => 502 ) );
		}
		return new \WP_REST_Response( $answer->json() );
	}

	/**
	 * The sidecar is down.
	 */
	private static function unavailable(): \WP_Error {
		return new \WP_Error( 'sidecar_unavailable', __( 'The agent service cannot be reached right now. Please try again in a moment.', 'manufacturer-agent' ), array( 'status' => 503 ) );
	}
}
