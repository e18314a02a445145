<?php
/**
 * The catalog for people: a block and a shortcode, with schema.org JSON-LD.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Catalog;

use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Handoffs\Handoff_Review;
use ManufacturerAgent\Settings\Contract;
use ManufacturerAgent\Settings\Settings;
use const ManufacturerAgent\PLUGIN_FILE;
use const ManufacturerAgent\VERSION;

defined( 'ABSPATH' ) || exit;

/**
 * The block manufacturer-agent/catalog and the shortcode [manufacturer_agent_catalog priority="…"
 * materials="id,id"] render the catalog (or the chosen materials, or those of one priority) as cards
 * from the same configuration agents read. Visitors narrow it by priority with links
 * (?material_priority=…). A page that shows it carries one JSON-LD ItemList of the shown materials
 * as Products: the sidecar builds them with the function that builds the question endpoint's
 * results, so both say the same.
 */
final class Catalog_Block {

	public const BLOCK       = 'manufacturer-agent/catalog';
	public const SHORTCODE   = 'manufacturer_agent_catalog';
	public const FILTER_ARG  = 'material_priority';
	private const JSON_LD_TIMEOUT = 2;

	/**
	 * Material ids shown on this page, in order, per language: printed once as JSON-LD in the footer.
	 *
	 * @var array<string, list<string>>
	 */
	private array $shown = array();

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client $client The sidecar (JSON-LD).
	 */
	public function __construct( private Sidecar_Client $client ) {
	}

	/**
	 * Registers the block, its editor script and the shortcode; the JSON-LD goes into the footer.
	 */
	public function register(): void {
		add_shortcode( self::SHORTCODE, array( $this, 'shortcode' ) );
		wp_register_script(
			'manufacturer-agent-catalog-block',
			plugins_url( 'assets/catalog-block.js', PLUGIN_FILE ),
			array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-i18n', 'wp-server-side-render' ),
			VERSION,
			true
		);
		wp_register_style( 'manufacturer-agent-catalog', plugins_url( 'assets/catalog.css', PLUGIN_FILE ), array(), VERSION );
		wp_set_script_translations( 'manufacturer-agent-catalog-block', 'manufacturer-agent', dirname( PLUGIN_FILE ) . '/languages' );
		wp_add_inline_script( 'manufacturer-agent-catalog-block', 'window.manufacturerAgentCatalog = ' . wp_json_encode( $this->editor_data() ) . ';', 'before' );
		register_block_type(
			self::BLOCK,
			array(
				'api_version'     => 3,
				'title'           => __( 'Material catalog', 'manufacturer-agent' ),
				'description'     => __( 'The material catalog as cards, from the same data the agents read.', 'manufacturer-agent' ),
				'category'        => 'widgets',
				'icon'            => 'grid-view',
				'editor_script'   => 'manufacturer-agent-catalog-block',
				'style'           => 'manufacturer-agent-catalog',
				'render_callback' => array( $this, 'render_block' ),
				'supports'        => array( 'html' => false, 'align' => array( 'wide', 'full' ) ),
				'attributes'      => array(
					'priority'  => array( 'type' => 'string', 'enum' => array_merge( array( '' ), Contract::values( 'priority' ) ), 'default' => '' ),
					'materials' => array( 'type' => 'array', 'items' => array( 'type' => 'string' ), 'default' => array() ),
					'filter'    => array( 'type' => 'boolean', 'default' => true ),
				),
			)
		);
		add_action( 'wp_footer', array( $this, 'print_json_ld' ) );
	}

	/**
	 * What the editor's controls offer: the materials and the priorities, in the editor's language.
	 *
	 * @return array<string, mixed>
	 */
	private function editor_data(): array {
		$lang = Contract::language();
		return array(
			'materials'  => array_map(
				static fn ( array $m ): array => array( 'id' => (string) ( $m['id'] ?? '' ), 'name' => (string) ( $m['name'][ $lang ] ?? '' ) ),
				self::materials()
			),
			'priorities' => array_map( static fn ( string $p ): array => array( 'value' => $p, 'label' => Contract::label( 'priority', $p, $lang ) ), Contract::values( 'priority' ) ),
		);
	}

	/**
	 * The block's output.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 */
	public function render_block( $attributes ): string {
		$attributes = is_array( $attributes ) ? $attributes : array();
		// Outside a block being rendered (the editor's preview request renders one too) the plain wrapper.
		$wrapper = get_block_wrapper_attributes( array( 'class' => 'manufacturer-agent-catalog' ) );
		$wrapper = '' !== $wrapper ? $wrapper : 'class="manufacturer-agent-catalog"';
		return $this->render( (string) ( $attributes['priority'] ?? '' ), array_map( 'strval', (array) ( $attributes['materials'] ?? array() ) ), ! empty( $attributes['filter'] ?? true ), $wrapper );
	}

	/**
	 * The shortcode's output: [manufacturer_agent_catalog priority="brandschutz" materials="a,b" filter="no"].
	 *
	 * @param array<string, string>|string $atts Shortcode attributes.
	 */
	public function shortcode( $atts ): string {
		$atts = shortcode_atts( array( 'priority' => '', 'materials' => '', 'filter' => 'yes' ), is_array( $atts ) ? $atts : array(), self::SHORTCODE );
		$ids  = array_values( array_filter( array_map( 'trim', explode( ',', (string) $atts['materials'] ) ) ) );
		wp_enqueue_style( 'manufacturer-agent-catalog' );
		return $this->render( (string) $atts['priority'], $ids, ! in_array( strtolower( (string) $atts['filter'] ), array( 'no', 'false', '0' ), true ), 'class="manufacturer-agent-catalog"' );
	}

	/**
	 * The cards: the chosen materials (all when none are chosen), of the priority staff chose or the visitor picked.
	 *
	 * @param string       $priority A priority, or '' for all.
	 * @param list<string> $ids      Material ids, or none for all.
	 * @param bool         $filter   Whether visitors get the priority links.
	 * @param string       $wrapper  The wrapper's attributes, escaped.
	 */
	public function render( string $priority, array $ids, bool $filter, string $wrapper ): string {
		$lang       = Contract::language();
		$priorities = Contract::values( 'priority' );
		$chosen     = in_array( $priority, $priorities, true ) ? $priority : '';
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only view filter.
		$picked    = isset( $_GET[ self::FILTER_ARG ] ) ? sanitize_key( wp_unslash( $_GET[ self::FILTER_ARG ] ) ) : '';
		$picked    = $filter && '' === $chosen && in_array( $picked, $priorities, true ) ? $picked : '';
		$active    = '' !== $chosen ? $chosen : $picked;
		$materials = array_values(
			array_filter(
				self::materials(),
				static fn ( array $m ): bool => ( ! $ids || in_array( (string) ( $m['id'] ?? '' ), $ids, true ) )
					&& ( '' === $active || in_array( $active, (array) ( $m['priorities'] ?? array() ), true ) )
			)
		);
		$html = '<div ' . $wrapper . ' data-language="' . esc_attr( $lang ) . '">';
		if ( $filter && '' === $chosen ) {
			$html .= $this->filter_links( $picked, $lang );
		}
		if ( ! $materials ) {
			return $html . '<p class="manufacturer-agent-catalog__empty">' . Handoff_Review::inert( __( 'No material matches this choice.', 'manufacturer-agent' ) ) . '</p></div>';
		}
		$html .= '<div class="manufacturer-agent-catalog__cards">';
		foreach ( $materials as $material ) {
			$html                  .= Material_Card::render( $material, $lang );
			$this->shown[ $lang ][] = (string) $material['id'];
		}
		return $html . '</div></div>';
	}

	/**
	 * Links that narrow the catalog to a priority (and back to all).
	 *
	 * @param string $picked The priority picked, or ''.
	 * @param string $lang   de or en.
	 */
	private function filter_links( string $picked, string $lang ): string {
		$html = '<nav class="manufacturer-agent-catalog__filter" aria-label="' . Handoff_Review::inert_attribute( __( 'Filter by priority', 'manufacturer-agent' ) ) . '"><ul>';
		foreach ( array_merge( array( '' ), Contract::values( 'priority' ) ) as $value ) {
			$label   = '' === $value ? __( 'All materials', 'manufacturer-agent' ) : Contract::label( 'priority', $value, $lang );
			$url     = '' === $value ? remove_query_arg( self::FILTER_ARG ) : add_query_arg( self::FILTER_ARG, $value );
			$current = $value === $picked ? ' aria-current="true"' : '';
			$html   .= '<li><a href="' . esc_url( $url ) . '"' . $current . '>' . Handoff_Review::inert( $label ) . '</a></li>';
		}
		return $html . '</ul></nav>';
	}

	/**
	 * One JSON-LD ItemList of every material the page showed (in each language it showed them),
	 * printed once in the footer; nothing when the sidecar cannot be asked.
	 */
	public function print_json_ld(): void {
		foreach ( $this->shown as $lang => $ids ) {
			$list = $this->json_ld( (string) $lang, array_values( array_unique( $ids ) ) );
			if ( null !== $list ) {
				// wp_json_encode escapes <, > and & as \u003C…: nothing in a value can close the script element.
				echo '<script type="application/ld+json">' . wp_json_encode( $list, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_HEX_TAG | JSON_HEX_AMP ) . "</script>\n";
			}
		}
		$this->shown = array();
	}

	/**
	 * The ItemList of the shown materials, in the order shown.
	 *
	 * @param string       $lang de or en.
	 * @param list<string> $ids  Material ids.
	 * @return array<string, mixed>|null
	 */
	public function json_ld( string $lang, array $ids ): ?array {
		$all = $this->catalog_json_ld( $lang );
		if ( null === $all ) {
			return null;
		}
		$products = array();
		foreach ( (array) ( $all['itemListElement'] ?? array() ) as $element ) {
			$id = (string) ( $element['item']['productID'] ?? '' );
			if ( in_array( $id, $ids, true ) ) {
				$products[ $id ] = $element['item'];
			}
		}
		$elements = array();
		foreach ( $ids as $id ) {
			if ( isset( $products[ $id ] ) ) {
				$elements[] = array( '@type' => 'ListItem', 'position' => count( $elements ) + 1, 'item' => $products[ $id ] );
			}
		}
		return array( '@context' => 'https://schema.org', '@type' => 'ItemList', 'itemListElement' => $elements );
	}

	/**
	 * Every material as a Product (the sidecar's), kept per configuration revision and language.
	 *
	 * @param string $lang de or en.
	 * @return array<string, mixed>|null
	 */
	private function catalog_json_ld( string $lang ): ?array {
		$revision = Settings::revision();
		$key      = 'manufacturer_agent_json_ld_' . md5( $revision . '|' . $lang . '|' . home_url() );
		$cached   = get_transient( $key );
		if ( is_array( $cached ) ) {
			return $cached;
		}
		try {
			$response = $this->client->request(
				'GET',
				'/_bridge/catalog/json-ld?lang=' . rawurlencode( $lang ),
				array(
					'accept'                               => 'application/json',
					Contract::header( 'publicBase' )       => untrailingslashit( home_url() ),
				),
				null,
				null,
				null,
				self::JSON_LD_TIMEOUT,
				true
			);
		} catch ( Sidecar_Unavailable $e ) {
			return null;
		}
		$list = $response->json();
		if ( 200 !== $response->status || ! is_array( $list ) ) {
			return null;
		}
		// A sidecar that holds another revision (it missed a push) gets the configuration; this page uses what it said, unkept.
		if ( $response->header( Contract::header( 'configRevision' ) ) === $revision ) {
			set_transient( $key, $list, DAY_IN_SECONDS );
		}
		return $list;
	}

	/**
	 * The catalog's materials (the saved configuration).
	 *
	 * @return list<array<string, mixed>>
	 */
	private static function materials(): array {
		return array_values( array_filter( (array) ( Settings::config()['materials'] ?? array() ), 'is_array' ) );
	}
}
