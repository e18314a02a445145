<?php
/**
 * A material as people see it: swatch, name, summary and the key facts.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Catalog;

use ManufacturerAgent\Handoffs\Handoff_Review;
use ManufacturerAgent\Settings\Contract;
use const ManufacturerAgent\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

/**
 * One card, the same on the catalog block and on the handoff review. Texts come from the catalog in
 * the language asked for; labels follow the locale in force, so a caller that shows another language
 * switches locale first. Every value is escaped for where it lands, brackets included (the output of a
 * block passes through do_shortcode).
 */
final class Material_Card {

	/**
	 * The card's HTML.
	 *
	 * @param array<string, mixed> $material A material of the configuration.
	 * @param string               $lang     de or en.
	 * @param string               $heading  Heading element of the name (h2 … h4).
	 */
	public static function render( array $material, string $lang, string $heading = 'h3' ): string {
		$heading = in_array( $heading, array( 'h2', 'h3', 'h4' ), true ) ? $heading : 'h3';
		$html    = '<article class="manufacturer-agent-material" data-material="' . Handoff_Review::inert_attribute( (string) ( $material['id'] ?? '' ) ) . '">';
		$html   .= self::swatch( $material, $lang );
		$html   .= '<div class="manufacturer-agent-material__body">';
		$html   .= '<' . $heading . ' class="manufacturer-agent-material__name">' . Handoff_Review::inert( self::text( $material, 'name', $lang ) ) . '</' . $heading . '>';
		$summary = self::text( $material, 'summary', $lang );
		if ( '' !== $summary ) {
			$html .= '<p class="manufacturer-agent-material__summary">' . Handoff_Review::inert( $summary ) . '</p>';
		}
		$html .= '<dl class="manufacturer-agent-material__facts">';
		foreach ( self::facts( $material, $lang ) as $fact ) {
			$html .= '<dt>' . Handoff_Review::inert( $fact[0] ) . '</dt><dd>' . Handoff_Review::inert( $fact[1] ) . '</dd>';
		}
		return $html . '</dl></div></article>';
	}

	/**
	 * The card with its labels in $lang too, whatever the page's locale: the plugin's own translation
	 * of that language (English: the strings as written) while it renders. switch_to_locale() would
	 * do it only where WordPress's own files for that locale are installed.
	 *
	 * @param array<string, mixed> $material A material of the configuration.
	 * @param string               $lang     de or en.
	 */
	public static function render_in_language( array $material, string $lang ): string {
		if ( Contract::language() === $lang ) {
			return self::render( $material, $lang );
		}
		$translations = new \MO();
		if ( 'de' === $lang ) {
			$translations->import_from_file( dirname( PLUGIN_FILE ) . '/languages/manufacturer-agent-de_DE.mo' );
		}
		$filter = static fn ( $translation, $text, $domain ) => 'manufacturer-agent' === $domain ? $translations->translate( $text ) : $translation;
		add_filter( 'gettext', $filter, 10, 3 );
		try {
			return self::render( $material, $lang );
		} finally {
			remove_filter( 'gettext', $filter, 10 );
		}
	}

	/**
	 * The key facts as (label, value) rows: fire class, cleanability, wet rooms, printable width.
	 *
	 * @param array<string, mixed> $material A material.
	 * @param string               $lang     de or en.
	 * @return list<array{0: string, 1: string}>
	 */
	public static function facts( array $material, string $lang ): array {
		$fire    = (array) ( $material['fire_classification'] ?? array() );
		$classes = array();
		if ( ! empty( $fire['en_13501_1'] ) ) {
			$classes[] = $fire['en_13501_1'] . ' (EN 13501-1)';
		}
		if ( ! empty( $fire['din_4102'] ) ) {
			$classes[] = $fire['din_4102'] . ' (DIN 4102-1)';
		}
		$clean = (array) ( $material['cleanability'] ?? array() );
		return array(
			array( __( 'Fire class', 'manufacturer-agent' ), $classes ? implode( ', ', $classes ) : __( 'not tested', 'manufacturer-agent' ) ),
			array( __( 'Cleanability', 'manufacturer-agent' ), trim( (string) ( $clean['class'][ $lang ] ?? '' ) . ' (' . (string) ( $clean['standard'] ?? '' ) . ')' ) ),
			array( __( 'Wet rooms', 'manufacturer-agent' ), ! empty( $material['wet_room_suitable'] ) ? __( 'suitable', 'manufacturer-agent' ) : __( 'not suitable', 'manufacturer-agent' ) ),
			/* translators: %s: a width in cm */
			array( __( 'Printable width', 'manufacturer-agent' ), sprintf( __( 'up to %s cm', 'manufacturer-agent' ), number_format_i18n( (float) ( $material['printable_width_cm'] ?? 0 ) ) ) ),
		);
	}

	/**
	 * The swatch as an image with its files as srcset, or nothing when the material has none to show.
	 *
	 * @param array<string, mixed> $material A material.
	 * @param string               $lang     de or en.
	 */
	private static function swatch( array $material, string $lang ): string {
		$picture = Pictures::swatch( $material );
		if ( null === $picture ) {
			return '';
		}
		$shown  = Pictures::smallest( $picture['sizes'], 300 );
		$srcset = array();
		foreach ( $picture['sizes'] as $size ) {
			if ( empty( $size['square'] ) ) {
				$srcset[] = esc_url( $size['url'] ) . ' ' . (int) $size['width'] . 'w';
			}
		}
		return '<figure class="manufacturer-agent-material__swatch"><img src="' . esc_url( $shown['url'] ) . '" width="' . (int) $shown['width'] . '" height="' . (int) $shown['height'] . '"'
			. ( $srcset ? ' srcset="' . Handoff_Review::inert_attribute( implode( ', ', $srcset ) ) . '" sizes="(max-width: 600px) 100vw, 300px"' : '' )
			. ' alt="' . Handoff_Review::inert_attribute( (string) ( $picture['alt'][ $lang ] ?? '' ) ) . '" loading="lazy" decoding="async"></figure>';
	}

	/**
	 * A text of the material in a language.
	 *
	 * @param array<string, mixed> $material A material.
	 * @param string               $field    Field name (a LocalizedText).
	 * @param string               $lang     de or en.
	 */
	private static function text( array $material, string $field, string $lang ): string {
		return (string) ( $material[ $field ][ $lang ] ?? '' );
	}
}
