<?php
/**
 * Plugin Name:       Manufacturer Agent
 * Description:       The agent-facing service of a B2B manufacturer of custom digital-print wallpaper: material catalog, recommendations, company facts, question answering, an MCP tool endpoint and human-reviewed handoffs for software agents. Forwards to the Manufacturer Agent sidecar.
 * Version:           1.1.4
 * Requires at least: 6.8
 * Requires PHP:      8.1
 * Author:            Manufacturer Agent team
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       manufacturer-agent
 * Domain Path:       /languages
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent;

use ManufacturerAgent\Core\Lifecycle;
use ManufacturerAgent\Core\Plugin;

defined( 'ABSPATH' ) || exit;

const VERSION     = '1.1.4';
const PLUGIN_FILE = __FILE__;

require_once __DIR__ . '/includes/Autoloader.php';
Autoloader::register( __NAMESPACE__, __DIR__ . '/includes' );

register_activation_hook( __FILE__, array( Lifecycle::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( Lifecycle::class, 'deactivate' ) );

Plugin::instance()->boot();
