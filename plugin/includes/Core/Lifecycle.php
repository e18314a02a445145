<?php
/**
 * Activation, deactivation and uninstall.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Core;

use ManufacturerAgent\Bridge\Config_Sync;
use ManufacturerAgent\Enquiries\Enquiries;
use ManufacturerAgent\Enquiries\Enquiry_Guard;
use ManufacturerAgent\Enquiries\Enquiry_Settings;
use ManufacturerAgent\Insights\Insights_Settings;
use ManufacturerAgent\Handoffs\Handoff_Lifecycle;
use ManufacturerAgent\Privacy\Privacy;
use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Seeds the options on activation; uninstall removes them again, on every site of a network.
 */
final class Lifecycle {

	/**
	 * Names of the enquiry form's one-time tokens begin so (options, or transients of that name).
	 */
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
	 * Keeps the staff's configuration and the enquiries for a later activation; nothing runs while
	 * deactivated, so the retention task goes (the next activation's first request schedules it again).
	 *
	 * @param bool $network_wide Deactivated for the whole network.
	 */
	public static function deactivate( bool $network_wide = false ): void {
		self::each_site( $network_wide, array( Privacy::class, 'unschedule' ) );
	}

	/**
	 * Deletes every option of the plugin, every enquiry with the contact details in it, the retention
	 * task, and the handoff tables of sidecars that share the site's database.
	 */
	public static function uninstall(): void {
		global $wpdb;
		Handoff_Tables::for_site( $wpdb )->drop();
		self::each_site(
			true,
			static function (): void {
				foreach ( array_merge( Settings::all_option_names(), array( Enquiry_Settings::OPTION, Insights_Settings::OPTION ) ) as $option ) {
					delete_option( $option );
				}
				self::delete_enquiries();
				Enquiry_Guard::forget_all();
				Privacy::unschedule();
				wp_unschedule_hook( Handoff_Lifecycle::RETRY_HOOK );
			}
		);
	}

	/**
	 * Deletes every enquiry of the current site, with its fields.
	 */
	private static function delete_enquiries(): void {
		$enquiries = new Enquiries();
		// Every enquiry was sent before tomorrow; a batch at a time keeps memory flat.
		do {
			$ids = $enquiries->ids_sent_before( time() + DAY_IN_SECONDS, 200 );
			foreach ( $ids as $id ) {
				$enquiries->delete( $id );
			}
		} while ( count( $ids ) === 200 );
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
