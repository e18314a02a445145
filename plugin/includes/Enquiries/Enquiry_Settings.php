<?php
/**
 * The enquiry form's settings.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Enquiries;

use ManufacturerAgent\Settings\Schema_Option;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * One option, shaped by schemas/enquiry-form-settings.schema.json, which also holds the defaults.
 * WordPress's alone: the sidecar never sees it.
 */
final class Enquiry_Settings {

	use Schema_Option;

	public const OPTION = 'manufacturer_agent_enquiry_form';
	public const SCHEMA = 'enquiry-form-settings';

	/**
	 * Where enquiries go: the addresses staff set, else the site's administration address.
	 *
	 * @return list<string>
	 */
	public static function advisor_addresses(): array {
		$addresses = array_values( array_filter( (array) self::get()['advisor_emails'], 'is_email' ) );
		return $addresses ? $addresses : array( (string) get_option( 'admin_email' ) );
	}

	/**
	 * Registers the option with its schema, so the settings REST endpoint describes and checks it.
	 */
	public static function register(): void {
		$schema = self::schema();
		unset( $schema['title'] );
		register_setting(
			Settings::GROUP,
			self::OPTION,
			array(
				'type'              => 'object',
				'description'       => (string) ( $schema['description'] ?? '' ),
				'default'           => self::defaults(),
				'show_in_rest'      => array( 'schema' => $schema ),
				'sanitize_callback' => array( self::class, 'sanitize' ),
			)
		);
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
			add_settings_error( self::OPTION, 'invalid_enquiry_form_settings', $valid->get_error_message() );
			return get_option( self::OPTION, self::defaults() );
		}
		return rest_sanitize_value_from_schema( $value, self::schema(), self::OPTION );
	}
}
