<?php
/**
 * robots.txt.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Bridge;

use ManufacturerAgent\Settings\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * Asks crawlers for the delay of the specification (Limits: a crawl delay of 2 seconds).
 */
final class Robots {

	/**
	 * Adds Crawl-delay to WordPress's virtual robots.txt, inside the `User-agent: *` group: core
	 * (from 5.5 on) appends its Sitemap line and a blank line after the group, and a rule after a
	 * blank line belongs to no group for strict parsers.
	 *
	 * @param string $output The robots.txt so far.
	 */
	public static function filter( string $output ): string {
		if ( preg_match( '/^Crawl-delay:/mi', $output ) ) {
			return $output;
		}
		$line = 'Crawl-delay: ' . (int) Contract::get( 'crawl_delay_seconds' );
		if ( preg_match( '/^User-agent:[ \t]*\*[ \t]*\r?$/mi', $output, $match, PREG_OFFSET_CAPTURE ) ) {
			$end = $match[0][1] + strlen( $match[0][0] );
			return substr( $output, 0, $end ) . "\n" . $line . substr( $output, $end );
		}
		return "User-agent: *\n" . $line . "\n\n" . ltrim( $output );
	}
}
