<?php
/**
 * What the agent collected, shown to the person above the form.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Handoffs;

use ManufacturerAgent\Catalog\Material_Card;
use ManufacturerAgent\Enquiries\Enquiry_Form;
use ManufacturerAgent\Settings\Settings;
use const ManufacturerAgent\PLUGIN_FILE;
use const ManufacturerAgent\VERSION;

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

	private bool $opened = false;

	/**
	 * Takes its collaborators.
	 *
	 * @param Current_Handoff   $current   The handoff the page was opened with.
	 * @param Handoff_Summary   $summary   The collected details as rows.
	 * @param Handoff_Lifecycle $lifecycle The sidecar's lifecycle calls.
	 * @param Enquiry_Form      $form      The form under the review.
	 */
	public function __construct( private Current_Handoff $current, private Handoff_Summary $summary, private Handoff_Lifecycle $lifecycle, private Enquiry_Form $form ) {
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
	 * A page opened with a handoff id is personal to that visitor, and a page with the form carries
	 * a nonce and what was typed: no cache may keep either.
	 */
	public function no_cache(): void {
		$post = get_queried_object();
		if ( '' !== $this->current->requested_id() || ( $post instanceof \WP_Post && ( has_shortcode( $post->post_content, self::SHORTCODE ) || has_block( self::BLOCK, $post ) ) ) ) {
			nocache_headers();
		}
	}

	/**
	 * The review for ?handoff=<id> (nothing when the page was opened without one), then the form; both
	 * only on the page they are placed on, never in a search result or an archive that shows its content.
	 */
	public function render(): string {
		return is_singular() ? $this->review() . $this->form->render() : '';
	}

	/**
	 * The collected details, or a note on why there are none.
	 */
	private function review(): string {
		switch ( $this->current->status() ) {
			case Current_Handoff::NONE:
				return '';
			case Current_Handoff::UNAVAILABLE:
				return self::note( __( 'The details your assistant collected cannot be shown right now. Please fill in the form below.', 'manufacturer-agent' ) );
			case Current_Handoff::UNKNOWN:
				return self::note( __( 'This link is not known. Please fill in the form below.', 'manufacturer-agent' ) );
		}
		if ( 'expired' === $this->current->state() ) {
			return self::note( __( 'This link has expired and its details were deleted. Please fill in the form below.', 'manufacturer-agent' ) );
		}
		$this->opened();
		return $this->summary( (array) $this->current->record() );
	}

	/**
	 * The link was opened: the sidecar learns it (created → opened), and form plugins get the handoff.
	 * Staff previewing a link (manage_options) leave the state as it is; the action fires for them
	 * too, so a form plugin's page looks the same in their preview.
	 */
	private function opened(): void {
		if ( $this->opened ) {
			return;
		}
		$this->opened = true;
		$record       = (array) $this->current->record();
		if ( 'created' === $this->current->state() && ! current_user_can( 'manage_options' ) ) {
			$newer = $this->lifecycle->mark_opened( (string) $record['id'] );
			if ( null !== $newer ) {
				$this->current->update( $newer );
				$record = $newer;
			}
		}
		/**
		 * Fires when a page shows a handoff a link named.
		 *
		 * @param array<string, mixed> $handoff The handoff (HandoffRecord).
		 * @param string               $summary What the agent collected, as plain text.
		 */
		do_action( 'manufacturer_agent_handoff_opened', $record, $this->summary->text( $record ) );
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
		return self::without_brackets( esc_html( $text ) );
	}

	/**
	 * The same for an attribute value or a textarea's content (esc_attr, brackets encoded).
	 *
	 * @param string $text Any text, e.g. what a person typed into the form.
	 */
	public static function inert_attribute( string $text ): string {
		return self::without_brackets( esc_attr( $text ) );
	}

	/**
	 * Escaped text with [ and ] as hex references, so no shortcode pass can see them.
	 *
	 * @param string $escaped Text already escaped for where it lands.
	 */
	private static function without_brackets( string $escaped ): string {
		return str_replace( array( '[', ']' ), array( '&#x5B;', '&#x5D;' ), $escaped );
	}

	/**
	 * The collected details as a definition list.
	 *
	 * @param array<string, mixed> $handoff The handoff.
	 */
	private function summary( array $handoff ): string {
		$html = '<section class="manufacturer-agent-handoff" aria-labelledby="manufacturer-agent-handoff-title">';
		$html .= '<h2 id="manufacturer-agent-handoff-title">' . self::inert( __( 'Please check what your assistant collected', 'manufacturer-agent' ) ) . '</h2><dl>';
		foreach ( $this->summary->rows( $handoff ) as $row ) {
			$html .= '<dt>' . self::inert( $row[0] ) . '</dt><dd>' . self::inert( $row[1] ) . '</dd>';
		}
		$html .= '</dl>';
		$html .= self::material( $handoff );
		// Once sent, the form's place says so; "nothing has been sent yet" would no longer be true.
		if ( 'submitted' !== ( $handoff['state'] ?? '' ) ) {
			$html .= '<p>' . self::inert( __( 'Nothing has been sent yet. Check the details, add your contact details in the form below and send it yourself; an advisor then responds within one business day.', 'manufacturer-agent' ) ) . '</p>';
		}
		return $html . '</section>';
	}

	/**
	 * The material the assistant chose, as a card (swatch, name, key facts) in the handoff's language:
	 * the locale the agent named, else the site's. Nothing when none was chosen or it left the catalog.
	 *
	 * @param array<string, mixed> $handoff The handoff.
	 */
	private static function material( array $handoff ): string {
		$id = $handoff['requirements']['material_id'] ?? null;
		if ( ! is_string( $id ) ) {
			return '';
		}
		foreach ( (array) ( Settings::config()['materials'] ?? array() ) as $material ) {
			if ( is_array( $material ) && ( $material['id'] ?? null ) === $id ) {
				$locale = (string) ( $handoff['requirements']['locale'] ?? '' );
				$lang   = in_array( $locale, array( 'de', 'en' ), true ) ? $locale : ( str_starts_with( get_locale(), 'de' ) ? 'de' : 'en' );
				wp_enqueue_style( 'manufacturer-agent-catalog' );
				return '<div class="manufacturer-agent-handoff__material" lang="' . esc_attr( $lang ) . '">' . Material_Card::render_in_language( $material, $lang ) . '</div>';
			}
		}
		return '';
	}
}
