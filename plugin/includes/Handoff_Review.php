<?php
/**
 * What the agent collected, shown to the person above the form.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent;

defined( 'ABSPATH' ) || exit;

/**
 * The shortcode [manufacturer_agent_handoff] and the block manufacturer-agent/handoff-review.
 * Staff place either on the contact and Wallcheck pages. When a handoff link is opened
 * (?handoff=<id>), the page shows the collected details so the person checks them before sending
 * the form themselves. It never shows or asks for personal data.
 */
final class Handoff_Review {

	public const SHORTCODE = 'manufacturer_agent_handoff';
	public const BLOCK     = 'manufacturer-agent/handoff-review';
	public const ID_PATTERN = '/^ho_[A-Za-z0-9_-]{16,64}$/';

	/**
	 * @param Sidecar_Client $client The sidecar.
	 */
	public function __construct( private Sidecar_Client $client ) {
	}

	/**
	 * Registers the shortcode and the block.
	 */
	public function register(): void {
		add_shortcode( self::SHORTCODE, array( $this, 'render' ) );
		wp_register_script(
			'manufacturer-agent-handoff-review',
			plugins_url( 'assets/handoff-review-block.js', PLUGIN_FILE ),
			array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-i18n' ),
			VERSION,
			true
		);
		wp_set_script_translations( 'manufacturer-agent-handoff-review', 'manufacturer-agent', dirname( PLUGIN_FILE ) . '/languages' );
		register_block_type(
			self::BLOCK,
			array(
				'api_version'     => 3,
				'title'           => __( 'Handoff review', 'manufacturer-agent' ),
				'description'     => __( 'Shows what an agent collected when a handoff link is opened.', 'manufacturer-agent' ),
				'category'        => 'widgets',
				'editor_script'   => 'manufacturer-agent-handoff-review',
				'render_callback' => array( $this, 'render' ),
				'supports'        => array( 'html' => false ),
			)
		);
	}

	/**
	 * A page opened with a handoff id is personal to that visitor: no cache may keep it.
	 */
	public function no_cache(): void {
		if ( isset( $_GET['handoff'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only display.
			nocache_headers();
		}
	}

	/**
	 * The summary for ?handoff=<id>, or nothing when the page was opened without one.
	 */
	public function render(): string {
		$id = isset( $_GET['handoff'] ) && is_string( $_GET['handoff'] ) ? sanitize_text_field( wp_unslash( $_GET['handoff'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only display.
		if ( '' === $id ) {
			return '';
		}
		if ( ! preg_match( self::ID_PATTERN, $id ) ) {
			return self::note( __( 'This link is not known. Please fill in the form below.', 'manufacturer-agent' ) );
		}
		try {
			$answer = $this->client->json( 'GET', '/_bridge/handoffs/' . rawurlencode( $id ) );
		} catch ( Sidecar_Unavailable $e ) {
			return self::note( __( 'The details your assistant collected cannot be shown right now. Please fill in the form below.', 'manufacturer-agent' ) );
		}
		$handoff = $answer->json();
		if ( 200 !== $answer->status || ! is_array( $handoff ) ) {
			return self::note( __( 'This link is not known. Please fill in the form below.', 'manufacturer-agent' ) );
		}
		return $this->summary( $handoff );
	}

	/**
	 * A plain note.
	 *
	 * @param string $text The note.
	 */
	private static function note( string $text ): string {
		return '<div class="manufacturer-agent-handoff manufacturer-agent-handoff--note"><p>' . self::inert( $text ) . '</p></div>';
	}

	/**
	 * Text for HTML that stays text wherever the review is placed: a block's output runs through
	 * do_shortcode after do_blocks, and esc_html leaves [ and ] alone, so the brackets are encoded
	 * too. In hex: do_shortcode turns &#91; and &#93; back into brackets (unescape_invalid_shortcodes),
	 * which any later do_shortcode pass would then run.
	 *
	 * @param string $text Any text, e.g. what an agent wrote into motif_description.
	 */
	public static function inert( string $text ): string {
		return str_replace( array( '[', ']' ), array( '&#x5B;', '&#x5D;' ), esc_html( $text ) );
	}

	/**
	 * The collected details as a definition list.
	 *
	 * @param array<string, mixed> $handoff The handoff.
	 */
	private function summary( array $handoff ): string {
		$lang         = str_starts_with( determine_locale(), 'de' ) ? 'de' : 'en';
		$requirements = is_array( $handoff['requirements'] ?? null ) ? $handoff['requirements'] : array();
		$steps        = array(
			'project_enquiry' => __( 'Project enquiry', 'manufacturer-agent' ),
			'sample_request'  => __( 'Sample request', 'manufacturer-agent' ),
			'wallcheck'       => __( 'Wallcheck (print-file check)', 'manufacturer-agent' ),
		);
		$rows         = array();
		$rows[]       = array( __( 'Next step', 'manufacturer-agent' ), $steps[ $handoff['next_step'] ?? '' ] ?? (string) ( $handoff['next_step'] ?? '' ) );
		if ( isset( $requirements['dimensions']['width_cm'], $requirements['dimensions']['height_cm'] ) ) {
			$rows[] = array(
				__( 'Wall size', 'manufacturer-agent' ),
				/* translators: 1: width in cm, 2: height in cm */
				sprintf( __( '%1$s cm wide × %2$s cm high', 'manufacturer-agent' ), number_format_i18n( (float) $requirements['dimensions']['width_cm'] ), number_format_i18n( (float) $requirements['dimensions']['height_cm'] ) ),
			);
		}
		if ( isset( $requirements['material_id'] ) ) {
			$rows[] = array( __( 'Material', 'manufacturer-agent' ), $this->material_name( (string) $requirements['material_id'], $lang ) );
		}
		if ( isset( $requirements['priority'] ) ) {
			$rows[] = array( __( 'Priority', 'manufacturer-agent' ), self::priority_label( (string) $requirements['priority'] ) );
		}
		if ( isset( $requirements['motif_description'] ) ) {
			$rows[] = array( __( 'Motif', 'manufacturer-agent' ), (string) $requirements['motif_description'] );
		}
		if ( isset( $handoff['created_at'] ) && false !== strtotime( (string) $handoff['created_at'] ) ) {
			$rows[] = array( __( 'Collected on', 'manufacturer-agent' ), date_i18n( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), strtotime( (string) $handoff['created_at'] ) ) );
		}

		$html = '<section class="manufacturer-agent-handoff" aria-labelledby="manufacturer-agent-handoff-title">';
		$html .= '<h2 id="manufacturer-agent-handoff-title">' . self::inert( __( 'Please check what your assistant collected', 'manufacturer-agent' ) ) . '</h2><dl>';
		foreach ( $rows as $row ) {
			$html .= '<dt>' . self::inert( $row[0] ) . '</dt><dd>' . self::inert( $row[1] ) . '</dd>';
		}
		$html .= '</dl><p>' . self::inert( __( 'Nothing has been sent yet. Check the details, add your contact details in the form below and send it yourself; an advisor then responds within one business day.', 'manufacturer-agent' ) ) . '</p></section>';
		return $html;
	}

	/**
	 * A material's name from the catalog, or its id when it has since been removed.
	 *
	 * @param string $id   Material id.
	 * @param string $lang de or en.
	 */
	private function material_name( string $id, string $lang ): string {
		foreach ( (array) ( Settings::config()['materials'] ?? array() ) as $material ) {
			if ( ( $material['id'] ?? null ) === $id ) {
				return (string) ( $material['name'][ $lang ] ?? $id );
			}
		}
		return $id;
	}

	/**
	 * A priority in words.
	 *
	 * @param string $priority Priority value.
	 */
	private static function priority_label( string $priority ): string {
		$labels = array(
			'brandschutz' => __( 'Fire safety', 'manufacturer-agent' ),
			'robust'      => __( 'Hard-wearing', 'manufacturer-agent' ),
			'effekt'      => __( 'Special effect', 'manufacturer-agent' ),
			'nachhaltig'  => __( 'Sustainability', 'manufacturer-agent' ),
			'feuchtraum'  => __( 'Wet room', 'manufacturer-agent' ),
		);
		return $labels[ $priority ] ?? $priority;
	}
}
