<?php
/**
 * The advisors' e-mail and the person's copy.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Enquiries;

use ManufacturerAgent\Handoffs\Handoff_Summary;

defined( 'ABSPATH' ) || exit;

/**
 * Plain text through wp_mail. Every value reaches a header only after validation (the address by
 * is_email, the name on one line), so no field can add a header.
 */
final class Enquiry_Mail {

	/**
	 * Takes its collaborators.
	 *
	 * @param Handoff_Summary $summary The collected details as rows.
	 */
	public function __construct( private Handoff_Summary $summary ) {
	}

	/**
	 * Sends the enquiry to the advisors, in the site's language.
	 *
	 * @param array<string, string>     $enquiry Contact fields (Enquiries::CONTACT_FIELDS), consent_text.
	 * @param array<string, mixed>|null $handoff The handoff, null for a plain contact.
	 * @param string                    $note    Why the handoff is missing, for the advisors ('' when none).
	 * @return bool Whether wp_mail accepted it.
	 */
	public function to_advisors( array $enquiry, ?array $handoff, string $note ): bool {
		$switched = switch_to_locale( get_locale() );
		$mail     = array(
			'to'      => Enquiry_Settings::advisor_addresses(),
			/* translators: 1: site name, 2: the person's name */
			'subject' => sprintf( __( '[%1$s] Enquiry from %2$s', 'manufacturer-agent' ), self::site_name(), $enquiry['name'] ),
			'message' => $this->body( $enquiry, $handoff, $note ),
			'headers' => array( 'Reply-To: ' . $enquiry['email'] ),
		);
		if ( $switched ) {
			restore_previous_locale();
		}
		/**
		 * Filters the advisors' e-mail before it is sent.
		 *
		 * @param array{to: list<string>, subject: string, message: string, headers: list<string>} $mail
		 * @param array<string, string>     $enquiry What the person sent.
		 * @param array<string, mixed>|null $handoff The handoff, null for a plain contact.
		 */
		$mail = apply_filters( 'manufacturer_agent_advisor_mail', $mail, $enquiry, $handoff );
		return wp_mail( $mail['to'], $mail['subject'], $mail['message'], $mail['headers'] );
	}

	/**
	 * Sends the person a confirmation, in the language of the page they used. Anyone may type anyone's
	 * address into the form, so it repeats nothing that was typed or collected (no name, no message, no
	 * motif): a mail from the site carries no stranger's text (the form caller takes one a day per address).
	 *
	 * @param array<string, string>     $enquiry Contact fields; only the address is used.
	 * @param array<string, mixed>|null $handoff The handoff, null for a plain contact; only its id is named.
	 */
	public function confirmation( array $enquiry, ?array $handoff ): bool {
		$body = __( 'Thank you for your enquiry. An advisor responds within one business day.', 'manufacturer-agent' ) . "\n\n";
		if ( null !== $handoff ) {
			$body .= __( 'Handoff', 'manufacturer-agent' ) . ': ' . (string) ( $handoff['id'] ?? '' ) . "\n\n";
		}
		$body .= __( 'For your protection this e-mail does not repeat what was entered in the form. If you did not send an enquiry, you can ignore this e-mail.', 'manufacturer-agent' ) . "\n";
		/* translators: %s: site name */
		return wp_mail( $enquiry['email'], sprintf( __( 'Your enquiry to %s', 'manufacturer-agent' ), self::site_name() ), $body );
	}

	/**
	 * The collected details, then the contact details, as plain text.
	 *
	 * @param array<string, string>     $enquiry Contact fields.
	 * @param array<string, mixed>|null $handoff The handoff.
	 * @param string                    $note    A note on the handoff.
	 */
	public function body( array $enquiry, ?array $handoff, string $note ): string {
		$parts = array();
		if ( null !== $handoff ) {
			$parts[] = __( 'What the assistant collected', 'manufacturer-agent' ) . "\n" . $this->summary->text( $handoff ) . "\n" . __( 'Handoff', 'manufacturer-agent' ) . ': ' . (string) ( $handoff['id'] ?? '' );
		}
		if ( '' !== $note ) {
			$parts[] = $note;
		}
		$contact = array();
		foreach ( Enquiry_Form::labels() as $field => $label ) {
			if ( 'message' !== $field && '' !== ( $enquiry[ $field ] ?? '' ) ) {
				$contact[] = $label . ': ' . $enquiry[ $field ];
			}
		}
		$parts[] = __( 'Contact details', 'manufacturer-agent' ) . "\n" . implode( "\n", $contact );
		$parts[] = Enquiry_Form::labels()['message'] . ":\n" . ( $enquiry['message'] ?? '' );
		if ( '' !== ( $enquiry['consent_text'] ?? '' ) ) {
			$parts[] = __( 'Consent given', 'manufacturer-agent' ) . ': ' . $enquiry['consent_text'];
		}
		return implode( "\n\n", $parts ) . "\n";
	}

	/**
	 * The site's name as plain text.
	 */
	private static function site_name(): string {
		return wp_specialchars_decode( (string) get_option( 'blogname' ), ENT_QUOTES );
	}
}
