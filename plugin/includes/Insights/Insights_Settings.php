<?php
/**
 * What the insights record, as staff set it.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Insights;

use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Settings\Schema_Option;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * One option, shaped by schemas/insights-settings.schema.json (which holds the defaults). WordPress sends
 * it to the sidecar whenever it changes, and again whenever the Insights tab finds the sidecar holding
 * another value; the sidecar keeps it in its store, so every sidecar on a shared database follows it.
 */
final class Insights_Settings {

	use Schema_Option;

	public const OPTION = 'manufacturer_agent_insights';
	public const SCHEMA = 'insights-settings';

	/**
	 * Takes the sidecar the settings are sent to.
	 *
	 * @param Sidecar_Client $client The sidecar.
	 */
	public function __construct( private Sidecar_Client $client ) {
	}

	/**
	 * Registers the option with its schema, and sends every change to the sidecar.
	 */
	public function register(): void {
		$schema = self::schema();
		unset( $schema['title'] );
		register_setting(
			Settings::GROUP,
			self::OPTION,
			array(
				'type'              => 'object',
				'description'       => (string) ( $schema['description'] ?? '' ),
				'show_in_rest'      => array( 'schema' => $schema ),
				'sanitize_callback' => array( self::class, 'sanitize' ),
			)
		);
		add_action( 'add_option_' . self::OPTION, array( $this, 'push' ) );
		add_action( 'update_option_' . self::OPTION, array( $this, 'push' ) );
	}

	/**
	 * Keeps a value only when the schema accepts it whole; otherwise the saved value stays.
	 *
	 * @param mixed $value Candidate value.
	 * @return mixed
	 */
	public static function sanitize( $value ) {
		$valid = rest_validate_value_from_schema( $value, self::schema(), self::OPTION );
		if ( is_wp_error( $valid ) ) {
			return get_option( self::OPTION, array() );
		}
		return rest_sanitize_value_from_schema( $value, self::schema(), self::OPTION );
	}

	/**
	 * What the suggested privacy-policy text says of the insights, with the settings in force.
	 *
	 * @return list<string>
	 */
	public static function policy_paragraphs(): array {
		$settings = self::get();
		if ( ! $settings['recording'] ) {
			return array();
		}
		$days       = (int) $settings['question_retention_days'];
		$paragraphs = array(
			__( 'The agent service counts the requests it answers by hour, by the interface used, by the kind of agent (named from the User-Agent header, which is not kept) and by the outcome. It keeps no IP address, no User-Agent and no request content in these counts.', 'manufacturer-agent' ),
		);
		$paragraphs[] = 0 === $days
			? __( 'Questions asked to the question endpoint are not kept.', 'manufacturer-agent' )
			: sprintf(
				/* translators: %d: number of days */
				_n(
					'Questions asked to the question endpoint are kept for %d day, with their language and the kind of answer, after any e-mail address, telephone number, IBAN and street address in them has been removed. They are not linked to any person.',
					'Questions asked to the question endpoint are kept for %d days, with their language and the kind of answer, after any e-mail address, telephone number, IBAN and street address in them has been removed. They are not linked to any person.',
					$days,
					'manufacturer-agent'
				),
				$days
			);
		return $paragraphs;
	}

	/**
	 * Sends the settings in force to the sidecar; false when it could not be reached or refused them.
	 */
	public function push(): bool {
		try {
			return 200 === $this->client->json( 'PUT', '/_bridge/insights/settings', self::get() )->status;
		} catch ( Sidecar_Unavailable $e ) {
			return false;
		}
	}
}
