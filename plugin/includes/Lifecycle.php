<?php
/**
 * Activation, deactivation and uninstall.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent;

defined( 'ABSPATH' ) || exit;

/**
 * Seeds the options on activation; uninstall removes them again, on every site of a network.
 */
final class Lifecycle {

	/**
	 * Adds the default configuration where none is saved yet, and tells the sidecar.
	 *
	 * @param bool $network_wide Activated for the whole network.
	 */
	public static function activate( bool $network_wide = false ): void {
		self::each_site( $network_wide, array( Settings::class, 'seed' ) );
		Config_Sync::instance()->push_at_shutdown();
	}

	/**
	 * Keeps the staff's configuration for a later activation; nothing runs while deactivated.
	 */
	public static function deactivate(): void {
	}

	/**
	 * Deletes every option of the plugin, and the handoff tables of sidecars that share the site's database.
	 */
	public static function uninstall(): void {
		global $wpdb;
		Handoff_Tables::for_site( $wpdb )->drop();
		self::each_site(
			true,
			static function (): void {
				foreach ( Settings::all_option_names() as $option ) {
					delete_option( $option );
				}
				Enquiry_Guard::forget_all();
				wp_unschedule_hook( Handoff_Lifecycle::RETRY_HOOK );
			}
		);
	}

	/**
	 * Runs a task on the current site, or on every site of a network.
	 *
	 * @param bool     $all  All sites of a network.
	 * @param callable $task The task.
	 */
	private static function each_site( bool $all, callable $task ): void {
		if ( ! $all || ! is_multisite() ) {
			$task();
			return;
		}
		foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $site_id ) {
			switch_to_blog( (int) $site_id );
			$task();
			restore_current_blog();
		}
	}
}
