<?php
/**
 * robots.txt.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent;

defined( 'ABSPATH' ) || exit;

/**
 * Asks crawlers for the delay of the specification (Limits: a crawl delay of 2 seconds).
 */
final class Robots {

	public const CRAWL_DELAY_SECONDS = 2;

	/**
	 * Adds Crawl-delay to WordPress's virtual robots.txt.
	 *
	 * @param string $output The robots.txt so far.
	 */
	public static function filter( string $output ): string {
		if ( ! preg_match( '/^Crawl-delay:/mi', $output ) ) {
			$output = rtrim( $output ) . "\nCrawl-delay: " . self::CRAWL_DELAY_SECONDS . "\n";
		}
		return $output;
	}
}
