<?php
/**
 * Removes everything the plugin stored: its options, on every site of a network.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent;

use ManufacturerAgent\Core\Lifecycle;

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/Autoloader.php';
Autoloader::register( __NAMESPACE__, __DIR__ . '/includes' );

Lifecycle::uninstall();
