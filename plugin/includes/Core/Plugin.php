<?php
/**
 * Wires the plugin's parts into WordPress.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Core;

use ManufacturerAgent\Abilities\Abilities;
use ManufacturerAgent\Admin\Admin_Page;
use ManufacturerAgent\Admin\Admin_Routes;
use ManufacturerAgent\Admin\Insights_Routes;
use ManufacturerAgent\Admin\Service_Health;
use ManufacturerAgent\Admin\Site_Health;
use ManufacturerAgent\Bridge\Bridge;
use ManufacturerAgent\Bridge\Client_Address;
use ManufacturerAgent\Bridge\Config_Sync;
use ManufacturerAgent\Bridge\Public_Routes;
use ManufacturerAgent\Bridge\Robots;
use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Catalog\Catalog_Block;
use ManufacturerAgent\Catalog\Pictures;
use ManufacturerAgent\Cli\Manufacturer_Agent_Command;
use ManufacturerAgent\Enquiries\Enquiries;
use ManufacturerAgent\Enquiries\Enquiry_Form;
use ManufacturerAgent\Enquiries\Enquiry_Guard;
use ManufacturerAgent\Enquiries\Enquiry_Mail;
use ManufacturerAgent\Enquiries\Enquiry_Settings;
use ManufacturerAgent\Insights\Insights_Settings;
use ManufacturerAgent\Handoffs\Current_Handoff;
use ManufacturerAgent\Handoffs\Form_Plugin_Hooks;
use ManufacturerAgent\Handoffs\Handoff_Lifecycle;
use ManufacturerAgent\Handoffs\Handoff_Review;
use ManufacturerAgent\Handoffs\Handoff_Summary;
use ManufacturerAgent\Privacy\Privacy;
use ManufacturerAgent\Settings\Settings;
use const ManufacturerAgent\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin: one instance, hooks only.
 */
final class Plugin {

	private static ?self $instance = null;

	/**
	 * The instance.
	 */
	public static function instance(): self {
		if ( null === self::$instance ) {
			self::$instance = new self();
		}
		return self::$instance;
	}

	/**
	 * Adds the hooks.
	 */
	public function boot(): void {
		$client    = Sidecar_Client::from_environment();
		$enquiries = new Enquiries();
		$sync      = Config_Sync::instance();
		$addresses = Client_Address::from_environment();
		$bridge    = new Bridge( $client, $sync, $addresses );
		$public    = new Public_Routes( $bridge );
		$health    = new Service_Health( $client, $sync );
		$admin     = new Admin_Routes( $client, $sync, $enquiries, $health );
		$insights  = new Insights_Settings( $client );
		$page      = new Admin_Page();
		$current   = new Current_Handoff( $client );
		$summary   = new Handoff_Summary();
		$lifecycle = new Handoff_Lifecycle( $client );
		$form      = new Enquiry_Form( $current, $lifecycle, $summary, new Enquiry_Guard( $addresses ), new Enquiry_Mail( $summary ), $enquiries );
		$review    = new Handoff_Review( $current, $summary, $lifecycle, $form );
		$catalog   = new Catalog_Block( $client );
		( new Abilities( $bridge ) )->boot();
		( new Privacy( $enquiries ) )->boot();
		( new Site_Health( $health ) )->register();
		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			Manufacturer_Agent_Command::register( $client, $sync, $health, $bridge, $admin, $enquiries );
		}

		// Public paths are answered before WordPress parses the request: nothing later changes the answer.
		add_action( 'plugins_loaded', array( $public, 'serve_early' ), PHP_INT_MIN );
		add_action( 'init', array( $this, 'load_textdomain' ) );
		add_action( 'init', array( Settings::class, 'register' ) );
		add_action( 'init', array( Enquiry_Settings::class, 'register' ) );
		add_action( 'init', array( $insights, 'register' ) );
		add_action( 'init', array( Enquiries::class, 'register' ) );
		add_action( 'init', array( $review, 'register' ) );
		add_action( 'init', array( $catalog, 'register' ) );
		add_action( 'rest_api_init', array( $public, 'register_routes' ) );
		add_action( 'rest_api_init', array( $admin, 'register' ) );
		add_action( 'rest_api_init', array( new Insights_Routes( $client, $insights ), 'register' ) );
		add_action( 'admin_menu', array( $page, 'register' ) );
		add_action( 'admin_enqueue_scripts', array( $page, 'enqueue' ) );
		add_action( 'template_redirect', array( $review, 'no_cache' ) );
		// The form's POST is answered before any output: a redirect, or the status of a refusal.
		add_action( 'template_redirect', array( $form, 'handle' ), 5 );
		$lifecycle->register();
		( new Form_Plugin_Hooks( $client, $current, $summary, $lifecycle ) )->register();
		add_filter( 'robots_txt', array( Robots::class, 'filter' ), 20 );
		Settings::watch();
		Pictures::watch();
	}

	/**
	 * Loads the translations shipped in languages/.
	 */
	public function load_textdomain(): void {
		load_plugin_textdomain( 'manufacturer-agent', false, dirname( plugin_basename( PLUGIN_FILE ) ) . '/languages' );
	}
}
