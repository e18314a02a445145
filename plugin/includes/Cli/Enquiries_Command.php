<?php
/**
 * wp manufacturer-agent enquiries: a person's enquiries, as the privacy tools handle them.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Cli;

use ManufacturerAgent\Enquiries\Enquiries;
use ManufacturerAgent\Privacy\Privacy;

defined( 'ABSPATH' ) || exit;

/**
 * Erases the enquiries one e-mail address sent, with the eraser Tools → Erase Personal Data uses.
 */
final class Enquiries_Command {

	/** Erasing stops after this many rounds of the eraser's pages, whatever is left. */
	private const MAX_ROUNDS = 1000;

	/**
	 * Takes its collaborators.
	 *
	 * @param Privacy   $privacy   The eraser.
	 * @param Enquiries $enquiries The enquiries, to count what there is.
	 */
	public function __construct( private Privacy $privacy, private Enquiries $enquiries ) {
	}

	/**
	 * Deletes every enquiry sent with this e-mail address; handoffs and other people's enquiries stay.
	 *
	 * ## OPTIONS
	 *
	 * <email>
	 * : The person's e-mail address.
	 *
	 * [--yes]
	 * : Do not ask for confirmation.
	 *
	 * ## EXAMPLES
	 *
	 *     wp manufacturer-agent enquiries erase person@example.com --yes
	 *
	 * @param list<string>          $args       The address.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function erase( array $args, array $assoc_args ): void {
		$email = (string) ( $args[0] ?? '' );
		if ( strlen( $email ) > 254 || ! is_email( $email ) ) {
			/* translators: %s: what was given */
			\WP_CLI::error( sprintf( __( '%s is not an e-mail address.', 'manufacturer-agent' ), $email ) );
		}
		$found = count( $this->enquiries->ids_by_email( $email, 1, self::MAX_ROUNDS ) );
		if ( 0 === $found ) {
			/* translators: %s: e-mail address */
			\WP_CLI::success( sprintf( __( 'No enquiries were sent with %s; nothing to erase.', 'manufacturer-agent' ), $email ) );
			return;
		}
		/* translators: 1: number of enquiries, 2: e-mail address */
		\WP_CLI::confirm( sprintf( _n( 'Delete %1$d enquiry sent with %2$s?', 'Delete %1$d enquiries sent with %2$s?', $found, 'manufacturer-agent' ), $found, $email ), $assoc_args );
		$retained = false;
		for ( $round = 0; $round < self::MAX_ROUNDS; $round++ ) {
			$result = $this->privacy->erase( $email );
			foreach ( $result['messages'] as $message ) {
				\WP_CLI::warning( $message );
			}
			$retained = $retained || $result['items_retained'];
			if ( $result['done'] ) {
				break;
			}
		}
		$left = count( $this->enquiries->ids_by_email( $email, 1, self::MAX_ROUNDS ) );
		if ( $retained || $left ) {
			/* translators: 1: number left, 2: e-mail address */
			\WP_CLI::error( sprintf( __( '%1$d enquiries sent with %2$s could not be deleted.', 'manufacturer-agent' ), $left, $email ) );
		}
		/* translators: 1: number of enquiries, 2: e-mail address */
		\WP_CLI::success( sprintf( _n( 'Deleted %1$d enquiry sent with %2$s.', 'Deleted %1$d enquiries sent with %2$s.', $found, 'manufacturer-agent' ), $found, $email ) );
	}
}
