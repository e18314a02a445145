<?php
/**
 * The sidecar's handoff tables in the site's own database.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Core;

use ManufacturerAgent\Settings\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * Several sidecars may keep handoffs in WordPress's MariaDB/MySQL database
 * (MANUFACTURER_AGENT_DATABASE_URL): these are the tables they create there, so that uninstalling the
 * plugin removes the handoff data with it. A sidecar on its SQLite file keeps it outside WordPress's
 * reach; the README says what an operator removes by hand.
 */
final class Handoff_Tables {

	/**
	 * The database and the prefix the sidecar was given.
	 *
	 * @param \wpdb  $db     WordPress's database.
	 * @param string $prefix MANUFACTURER_AGENT_TABLE_PREFIX of the sidecar.
	 */
	public function __construct( private \wpdb $db, private string $prefix ) {
	}

	/**
	 * The prefix as wp-config.php or the environment names it for the sidecar, else the site's own.
	 *
	 * @param \wpdb $db WordPress's database.
	 */
	public static function for_site( \wpdb $db ): self {
		$prefix = defined( 'MANUFACTURER_AGENT_TABLE_PREFIX' ) ? (string) constant( 'MANUFACTURER_AGENT_TABLE_PREFIX' ) : getenv( 'MANUFACTURER_AGENT_TABLE_PREFIX' );
		return new self( $db, is_string( $prefix ) && '' !== $prefix ? $prefix : $db->base_prefix );
	}

	/**
	 * Drops the tables that exist; returns their names. A prefix the sidecar would refuse drops nothing.
	 *
	 * @return string[]
	 */
	public function drop(): array {
		$tables = Contract::get( 'handoff_tables' );
		// The sidecar's own rule: the prefix is written into SQL as part of a name.
		if ( ! preg_match( '/' . $tables['prefix_pattern'] . '/D', $this->prefix ) ) {
			return array();
		}
		$dropped = array();
		foreach ( (array) $tables['suffixes'] as $suffix ) {
			$table = $this->prefix . $suffix;
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a table of the sidecar, not of WordPress; no cache to clear.
			if ( $this->db->get_var( $this->db->prepare( 'SHOW TABLES LIKE %s', $this->db->esc_like( $table ) ) ) === $table ) {
				// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the name is checked above.
				$this->db->query( "DROP TABLE IF EXISTS `{$table}`" );
				$dropped[] = $table;
			}
		}
		return $dropped;
	}
}
