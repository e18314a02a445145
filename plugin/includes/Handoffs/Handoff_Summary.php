<?php
/**
 * What an agent collected, as labelled rows.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Handoffs;

use ManufacturerAgent\Settings\Contract;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * The summary's rows (the names of next steps and priorities come from the contract): the review renders the rows as HTML, the e-mails and the
 * hooks for form plugins take them as plain text. Labels follow the locale in force when called, so
 * a caller switches locale first (the advisors read the site's language, the person the page's).
 */
final class Handoff_Summary {

	/**
	 * The collected details as (label, value) rows.
	 *
	 * @param array<string, mixed> $handoff The handoff (HandoffRecord or the public handoff).
	 * @return list<array{0: string, 1: string}>
	 */
	public function rows( array $handoff ): array {
		$lang         = Contract::language();
		$requirements = is_array( $handoff['requirements'] ?? null ) ? $handoff['requirements'] : array();
		$rows         = array();
		$rows[]       = array( __( 'Next step', 'manufacturer-agent' ), Contract::label( 'next_step', (string) ( $handoff['next_step'] ?? '' ), $lang ) );
		if ( isset( $requirements['dimensions']['width_cm'], $requirements['dimensions']['height_cm'] ) ) {
			$rows[] = array(
				__( 'Wall size', 'manufacturer-agent' ),
				/* translators: 1: width in cm, 2: height in cm */
				sprintf( __( '%1$s cm wide × %2$s cm high', 'manufacturer-agent' ), number_format_i18n( (float) $requirements['dimensions']['width_cm'] ), number_format_i18n( (float) $requirements['dimensions']['height_cm'] ) ),
			);
		}
		if ( isset( $requirements['material_id'] ) ) {
			$rows[] = array( __( 'Material', 'manufacturer-agent' ), self::material_name( (string) $requirements['material_id'], $lang ) );
		}
		if ( isset( $requirements['priority'] ) ) {
			$rows[] = array( __( 'Priority', 'manufacturer-agent' ), Contract::label( 'priority', (string) $requirements['priority'], $lang ) );
		}
		if ( isset( $requirements['motif_description'] ) ) {
			$rows[] = array( __( 'Motif', 'manufacturer-agent' ), (string) $requirements['motif_description'] );
		}
		if ( isset( $handoff['created_at'] ) && false !== strtotime( (string) $handoff['created_at'] ) ) {
			$rows[] = array( __( 'Collected on', 'manufacturer-agent' ), date_i18n( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), strtotime( (string) $handoff['created_at'] ) ) );
		}
		return $rows;
	}

	/**
	 * The rows as plain text, one "Label: value" a line (for e-mails and form plugins).
	 *
	 * @param array<string, mixed> $handoff The handoff.
	 */
	public function text( array $handoff ): string {
		$lines = array();
		foreach ( $this->rows( $handoff ) as $row ) {
			// A value is one line in a mail, whatever an agent wrote into it.
			$lines[] = $row[0] . ': ' . trim( (string) preg_replace( '/[\x00-\x1F\x7F]+/u', ' ', $row[1] ) );
		}
		return implode( "\n", $lines );
	}

	/**
	 * A material's name from the catalog, or its id when it has since been removed.
	 *
	 * @param string $id   Material id.
	 * @param string $lang de or en.
	 */
	private static function material_name( string $id, string $lang ): string {
		foreach ( (array) ( Settings::config()['materials'] ?? array() ) as $material ) {
			if ( ( $material['id'] ?? null ) === $id ) {
				return (string) ( $material['name'][ $lang ] ?? $id );
			}
		}
		return $id;
	}
}
