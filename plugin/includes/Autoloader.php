<?php
/**
 * PSR-4 style autoloader: ManufacturerAgent\Some_Folder\Some_Class lives in includes/Some_Folder/Some_Class.php.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent;

defined( 'ABSPATH' ) || exit;

/**
 * Loads the plugin's classes on first use.
 */
final class Autoloader {

	/**
	 * Registers the loader for one namespace and folder.
	 *
	 * @param string $prefix    Namespace without a trailing backslash.
	 * @param string $directory Folder of the class files.
	 */
	public static function register( string $prefix, string $directory ): void {
		spl_autoload_register(
			static function ( string $class_name ) use ( $prefix, $directory ): void {
				$start = $prefix . '\\';
				if ( ! str_starts_with( $class_name, $start ) ) {
					return;
				}
				$relative = str_replace( '\\', '/', substr( $class_name, strlen( $start ) ) );
				$file     = $directory . '/' . $relative . '.php';
				if ( is_readable( $file ) ) {
					require_once $file;
				}
			}
		);
	}
}
