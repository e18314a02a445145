<?php
/**
 * The sidecar could not be reached or did not answer in time.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Bridge;

defined( 'ABSPATH' ) || exit;

/**
 * Thrown by Sidecar_Client; callers answer 503 instead of a PHP warning or an HTML page.
 */
final class Sidecar_Unavailable extends \RuntimeException {
}
