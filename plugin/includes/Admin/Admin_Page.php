<?php
/**
 * The "Manufacturer Agent" page in wp-admin.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Admin;

use const ManufacturerAgent\PLUGIN_FILE;
use const ManufacturerAgent\VERSION;

defined( 'ABSPATH' ) || exit;

/**
 * Registers the menu page and loads the React screen (admin-ui/, built to build/admin/).
 */
final class Admin_Page {

	public const SLUG   = 'manufacturer-agent';
	public const HANDLE = 'manufacturer-agent-admin';

	private string $hook_suffix = '';

	/**
	 * Adds the menu page for administrators.
	 */
	public function register(): void {
		$this->hook_suffix = (string) add_menu_page(
			__( 'Manufacturer Agent', 'manufacturer-agent' ),
			__( 'Manufacturer Agent', 'manufacturer-agent' ),
			'manage_options',
			self::SLUG,
			array( $this, 'render' ),
			'dashicons-format-image',
			81
		);
	}

	/**
	 * The element the React screen mounts into.
	 */
	public function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap"><div id="manufacturer-agent-admin">';
		if ( ! is_readable( self::asset_file() ) ) {
			echo '<div class="notice notice-error"><p>' . esc_html__( 'The admin screen has not been built. Run "npm run build" in the plugin\'s source folder.', 'manufacturer-agent' ) . '</p></div>';
		}
		echo '</div></div>';
	}

	/**
	 * Path of the asset file the build writes beside the bundle.
	 */
	private static function asset_file(): string {
		return dirname( PLUGIN_FILE ) . '/build/admin/index.asset.php';
	}

	/**
	 * Enqueues the bundle with the dependencies and version its build recorded, on this page only.
	 *
	 * @param string $hook_suffix The current admin page.
	 */
	public function enqueue( string $hook_suffix ): void {
		if ( $hook_suffix !== $this->hook_suffix || ! is_readable( self::asset_file() ) ) {
			return;
		}
		$asset = require self::asset_file();
		// The material editor picks pictures in WordPress's own media modal (window.wp.media).
		wp_enqueue_media();
		$url   = plugins_url( 'build/admin/', PLUGIN_FILE );
		wp_enqueue_script( self::HANDLE, $url . 'index.js', $asset['dependencies'] ?? array(), $asset['version'] ?? VERSION, true );
		wp_set_script_translations( self::HANDLE, 'manufacturer-agent', dirname( PLUGIN_FILE ) . '/languages' );
		wp_add_inline_script(
			self::HANDLE,
			'window.manufacturerAgentAdmin = ' . wp_json_encode(
				array(
					'restNamespace' => Admin_Routes::NAMESPACE,
					'siteUrl'       => untrailingslashit( home_url() ),
					'version'       => VERSION,
					'locale'        => determine_locale(),
				)
			) . ';',
			'before'
		);
		if ( is_readable( dirname( PLUGIN_FILE ) . '/build/admin/index.css' ) ) {
			wp_enqueue_style( self::HANDLE, $url . 'index.css', array( 'wp-components' ), $asset['version'] ?? VERSION );
		} else {
			wp_enqueue_style( 'wp-components' );
		}
	}
}
