<?php
/**
 * The enquiry form under the handoff review, and what happens when it is sent.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Enquiries;

use ManufacturerAgent\Handoffs\Current_Handoff;
use ManufacturerAgent\Handoffs\Handoff_Lifecycle;
use ManufacturerAgent\Handoffs\Handoff_Review;
use ManufacturerAgent\Handoffs\Handoff_Summary;
use ManufacturerAgent\Settings\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * A plain POST form that works without JavaScript, shown and handled only on the page it is placed on
 * (singular), and always sent to that page's permalink. The POST is handled before any output
 * (template_redirect): refused with 422/403/429 and the form shown again with everything typed,
 * or stored, mailed and answered with a 303 to the page's confirmation (post/redirect/get).
 * Contact details stay in WordPress: the sidecar only learns that the handoff was submitted.
 */
final class Enquiry_Form {

	public const MARKER   = 'manufacturer_agent_enquiry';
	public const PREFIX   = 'ma_';
	public const HONEYPOT = 'ma_website';
	public const SENT_ARG = 'enquiry';

	/**
	 * Longest accepted value of each field.
	 */
	public const MAX_LENGTH = array(
		'name'    => 200,
		'company' => 200,
		'email'   => 254,
		'phone'   => 50,
		'message' => 5000,
	);

	private const OPTIONAL = array( 'company', 'phone' );

	/**
	 * The refused submission being shown again: values, errors, notice; null on a plain view.
	 *
	 * @var array{values: array<string, string>, consent: bool, errors: array<string, string>, notice: string}|null
	 */
	private ?array $submission = null;

	/**
	 * Takes its collaborators.
	 *
	 * @param Current_Handoff   $current   The handoff the page was opened with.
	 * @param Handoff_Lifecycle $lifecycle The sidecar's lifecycle calls.
	 * @param Handoff_Summary   $summary   The collected details as rows.
	 * @param Enquiry_Guard     $guard     Nonce, honeypot, view token, limit, one-time claims.
	 * @param Enquiry_Mail      $mail      The e-mails.
	 * @param Enquiries         $enquiries The store.
	 */
	public function __construct(
		private Current_Handoff $current,
		private Handoff_Lifecycle $lifecycle,
		private Handoff_Summary $summary,
		private Enquiry_Guard $guard,
		private Enquiry_Mail $mail,
		private Enquiries $enquiries
	) {
	}

	/**
	 * The fields' labels, in the locale in force.
	 *
	 * @return array<string, string>
	 */
	public static function labels(): array {
		return array(
			'name'    => __( 'Name', 'manufacturer-agent' ),
			'company' => __( 'Company', 'manufacturer-agent' ),
			'email'   => __( 'E-mail', 'manufacturer-agent' ),
			'phone'   => __( 'Telephone', 'manufacturer-agent' ),
			'message' => __( 'Message', 'manufacturer-agent' ),
		);
	}

	/**
	 * Whether the built-in form is shown (setting enabled, filter manufacturer_agent_enquiry_form_enabled).
	 */
	public static function enabled(): bool {
		return (bool) apply_filters( 'manufacturer_agent_enquiry_form_enabled', (bool) Enquiry_Settings::get()['enabled'] );
	}

	/**
	 * Handles a POST of the form to a singular page, before output. Returns without effect on any
	 * other request (the form is never sent anywhere else).
	 */
	public function handle(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- the nonce is checked below, with its own answer.
		if ( 'POST' !== ( $_SERVER['REQUEST_METHOD'] ?? '' ) || ! isset( $_POST[ self::MARKER ] ) || ! is_singular() || ! self::enabled() ) {
			return;
		}
		$values = array();
		$errors = array();
		foreach ( array_keys( self::MAX_LENGTH ) as $field ) {
			$raw = $_POST[ self::PREFIX . $field ] ?? '';
			if ( ! is_string( $raw ) ) {
				$values[ $field ] = '';
				$errors[ $field ] = __( 'This field could not be read. Please fill it in again.', 'manufacturer-agent' );
				continue;
			}
			$values[ $field ] = trim( wp_check_invalid_utf8( wp_unslash( $raw ), true ) );
		}
		$consent = isset( $_POST['ma_consent'] ) && '1' === $_POST['ma_consent'];
		$once    = isset( $_POST['ma_once'] ) && is_string( $_POST['ma_once'] ) && preg_match( '/^[0-9a-f]{32}$/', $_POST['ma_once'] ) ? $_POST['ma_once'] : '';
		$time    = isset( $_POST['ma_time'] ) && is_string( $_POST['ma_time'] ) ? wp_unslash( $_POST['ma_time'] ) : '';
		$trap    = $_POST[ self::HONEYPOT ] ?? '';
		$nonce   = $_POST['_ma_nonce'] ?? '';
		// phpcs:enable WordPress.Security.NonceVerification.Missing

		$this->submission = array(
			'values'  => $values,
			'consent' => $consent,
			'errors'  => array(),
			'notice'  => '',
		);
		// A view older than its maximum age (or not this site's) is stale like an old nonce.
		if ( ! $this->guard->nonce_valid( $nonce ) || ! $this->guard->view_current( $time, $once ) ) {
			$this->refuse( 403, __( 'The form had expired. Please check your details and send it again.', 'manufacturer-agent' ) );
			return;
		}
		if ( '' !== $trap ) {
			$this->refuse( 422, __( 'Your enquiry could not be sent. Please check your details and send it again.', 'manufacturer-agent' ) );
			return;
		}
		if ( $this->guard->too_fast( $time, $once ) ) {
			$this->refuse( 422, __( 'That was very quick. Please check your details and send the form again.', 'manufacturer-agent' ) );
			return;
		}
		$errors += self::validate( $values, $consent );
		if ( $errors ) {
			$this->submission['errors'] = $errors;
			$this->refuse( 422, __( 'Please check the marked fields.', 'manufacturer-agent' ) );
			return;
		}
		$this->send( $values, $once );
	}

	/**
	 * Messages for the fields that are not acceptable.
	 *
	 * @param array<string, string> $values  The fields.
	 * @param bool                  $consent Whether the box was ticked.
	 * @return array<string, string>
	 */
	private static function validate( array $values, bool $consent ): array {
		$errors = array();
		foreach ( $values as $field => $value ) {
			if ( mb_strlen( $value ) > self::MAX_LENGTH[ $field ] ) {
				/* translators: %d: number of characters */
				$errors[ $field ] = sprintf( __( 'Please use at most %d characters.', 'manufacturer-agent' ), self::MAX_LENGTH[ $field ] );
			} elseif ( 'message' !== $field && preg_match( '/[\x00-\x1F\x7F]/', $value ) ) {
				// A line break in a one-line field is how headers are smuggled into e-mails.
				$errors[ $field ] = __( 'Please keep this on one line.', 'manufacturer-agent' );
			} elseif ( '' === $value && ! in_array( $field, self::OPTIONAL, true ) ) {
				$errors[ $field ] = array(
					'name'    => __( 'Please enter your name.', 'manufacturer-agent' ),
					'email'   => __( 'Please enter your e-mail address.', 'manufacturer-agent' ),
					'message' => __( 'Please enter your message.', 'manufacturer-agent' ),
				)[ $field ];
			} elseif ( 'email' === $field && ! is_email( $value ) ) {
				$errors[ $field ] = __( 'Please enter a valid e-mail address, e.g. name@example.com.', 'manufacturer-agent' );
			} elseif ( 'phone' === $field && '' !== $value && ! preg_match( '/^\+?[0-9 ()\/.\-]{4,}$/', $value ) ) {
				$errors[ $field ] = __( 'Please enter a telephone number of digits, spaces and + ( ) / - only.', 'manufacturer-agent' );
			}
		}
		if ( ! $consent ) {
			$errors['consent'] = __( 'Please agree, so that we may store your details to answer you.', 'manufacturer-agent' );
		}
		return $errors;
	}

	/**
	 * Answers with the form again: the status, a notice, everything typed kept.
	 *
	 * @param int    $status HTTP status.
	 * @param string $notice The notice above the form.
	 */
	private function refuse( int $status, string $notice ): void {
		$this->submission['notice'] = $notice;
		status_header( $status );
		nocache_headers();
	}

	/**
	 * Claims the view and the handoff, takes one of the client's enquiries of the hour, stores, tells
	 * the sidecar, mails, then redirects to the confirmation. A view or a handoff already sent answers
	 * with the confirmation (reload, double click, second tab) and counts nothing; everything that is
	 * counted is counted before anything is stored or mailed.
	 *
	 * @param array<string, string> $values The valid fields.
	 * @param string                $once   The view's one-time id (signed with its render time).
	 */
	private function send( array $values, string $once ): void {
		$handoff = $this->current->record();
		if ( null !== $handoff && 'submitted' === $this->current->state() ) {
			$this->confirm();
		}
		// With the sidecar away the id is all there is; the lifecycle call follows later.
		$handoff_id = null !== $handoff ? (string) $handoff['id'] : ( Current_Handoff::UNAVAILABLE === $this->current->status() ? $this->current->requested_id() : '' );
		// One send per view; one enquiry per handoff.
		$claims = array( 'view:' . $once );
		if ( '' !== $handoff_id ) {
			$claims[] = 'handoff:' . $handoff_id;
		}
		$claimed = array();
		foreach ( $claims as $key ) {
			if ( ! $this->guard->claim( $key ) ) {
				$this->confirm();
			}
			$claimed[] = $key;
		}
		$slot = $this->guard->take_client_slot();
		if ( null === $slot ) {
			array_map( array( $this->guard, 'release' ), $claimed );
			$this->refuse( 429, __( 'You have sent several enquiries in a short time. Please try again later or call us.', 'manufacturer-agent' ) );
			return;
		}
		$enquiry  = $values + array(
			'handoff_id'   => $handoff_id,
			'consent_text' => $this->consent_text( false ),
			'locale'       => determine_locale(),
		);
		$switched = switch_to_locale( get_locale() );
		$note     = '';
		if ( Current_Handoff::UNAVAILABLE === $this->current->status() ) {
			/* translators: %s: handoff id */
			$note = sprintf( __( 'What the assistant collected could not be read while this enquiry was sent (handoff %s); it came as a plain contact.', 'manufacturer-agent' ), $handoff_id );
		} elseif ( Current_Handoff::UNKNOWN === $this->current->status() ) {
			$note = __( 'The handoff link was not known or had expired; this enquiry came as a plain contact.', 'manufacturer-agent' );
		}
		$enquiry['summary'] = null !== $handoff ? $this->summary->text( $handoff ) : '';
		if ( $switched ) {
			restore_previous_locale();
		}
		$id = $this->enquiries->save( $enquiry );
		if ( is_wp_error( $id ) || ! $id ) {
			array_map( array( $this->guard, 'release' ), $claimed );
			$this->guard->release_slot( $slot );
			$this->refuse( 500, __( 'Your enquiry could not be saved. Please send it again in a moment.', 'manufacturer-agent' ) );
			return;
		}
		if ( '' !== $handoff_id ) {
			$marked = $this->lifecycle->mark_submitted_or_later( $handoff_id );
			if ( is_wp_error( $marked ) && 'handoff_expired' === $marked->get_error_code() ) {
				$switched = switch_to_locale( get_locale() );
				$note     = __( 'The handoff had expired when this enquiry was sent: please treat it as a plain contact.', 'manufacturer-agent' );
				if ( $switched ) {
					restore_previous_locale();
				}
			}
		}
		$this->enquiries->mark_mail( (int) $id, $this->mail->to_advisors( $enquiry, $handoff, $note ) );
		// The copy repeats nothing typed, and goes to an address at most once a day.
		if ( ! empty( Enquiry_Settings::get()['send_confirmation'] ) && $this->guard->take_copy_slot( $enquiry['email'] ) ) {
			$this->mail->confirmation( $enquiry, $handoff );
		}
		/**
		 * Fires after the built-in form stored and mailed an enquiry.
		 *
		 * @param int                       $id      Enquiry id (Enquiries::get()).
		 * @param array<string, string>     $enquiry What the person sent.
		 * @param array<string, mixed>|null $handoff The handoff, null for a plain contact.
		 */
		do_action( 'manufacturer_agent_enquiry_sent', (int) $id, $enquiry, $handoff );
		$this->confirm();
	}

	/**
	 * 303 to the page's confirmation: a reload then repeats a GET, never the POST.
	 */
	private function confirm(): void {
		wp_safe_redirect( add_query_arg( self::SENT_ARG, 'sent', self::page_url() ), 303 );
		exit;
	}

	/**
	 * The page's own permalink with its handoff id (never the request's URI, which a client writes).
	 */
	private static function page_url(): string {
		$page = (string) get_permalink( get_queried_object_id() );
		$id   = isset( $_GET['handoff'] ) && is_string( $_GET['handoff'] ) ? sanitize_text_field( wp_unslash( $_GET['handoff'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a link's id, only read.
		return '' === $id ? $page : add_query_arg( 'handoff', rawurlencode( $id ), $page );
	}

	/**
	 * The consent text in the page's language; {privacy_policy} as a link (HTML) or as the address (text).
	 *
	 * @param bool $html HTML for the form, or plain text for the stored record.
	 */
	private function consent_text( bool $html ): string {
		$texts  = (array) Enquiry_Settings::get()['consent_text'];
		$text   = (string) ( $texts[ Contract::language() ] ?? $texts['en'] ?? '' );
		$url    = (string) get_privacy_policy_url();
		$policy = __( 'privacy policy', 'manufacturer-agent' );
		if ( ! str_contains( $text, '{privacy_policy}' ) ) {
			$text .= '' === $url ? '' : ' {privacy_policy}';
		}
		if ( ! $html ) {
			return str_replace( '{privacy_policy}', '' === $url ? $policy : $policy . ' (' . $url . ')', $text );
		}
		$link = '' === $url ? Handoff_Review::inert( $policy ) : '<a href="' . esc_url( $url ) . '" target="_blank" rel="noopener">' . Handoff_Review::inert( $policy ) . '</a>';
		return implode( $link, array_map( array( Handoff_Review::class, 'inert' ), explode( '{privacy_policy}', $text ) ) );
	}

	/**
	 * The form, a confirmation, or nothing (switched off, or not on the page itself: a search result,
	 * an archive), for the page's current handoff.
	 */
	public function render(): string {
		if ( ! self::enabled() || ! is_singular() ) {
			return '';
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses which text to show.
		if ( null === $this->submission && isset( $_GET[ self::SENT_ARG ] ) && 'sent' === $_GET[ self::SENT_ARG ] ) {
			return self::notice_box( __( 'Thank you. Your enquiry has been sent; an advisor responds within one business day.', 'manufacturer-agent' ), 'sent' );
		}
		if ( null === $this->submission && 'submitted' === $this->current->state() ) {
			return self::notice_box( __( 'The enquiry for this link has already been sent.', 'manufacturer-agent' ), 'sent' );
		}
		return $this->form();
	}

	/**
	 * A status message in place of the form.
	 *
	 * @param string $text     The message.
	 * @param string $modifier CSS modifier.
	 */
	private static function notice_box( string $text, string $modifier ): string {
		return '<div id="manufacturer-agent-enquiry" class="manufacturer-agent-enquiry manufacturer-agent-enquiry--' . esc_attr( $modifier ) . '" role="status"><p>' . Handoff_Review::inert( $text ) . '</p></div>';
	}

	/**
	 * The form itself, with what was typed and the messages of a refused submission.
	 */
	private function form(): string {
		$submission = $this->submission;
		$values     = $submission['values'] ?? array();
		$errors     = $submission['errors'] ?? array();
		$view       = $this->guard->view_token();
		$labels     = self::labels();
		$types      = array(
			'name'    => array( 'text', 'name' ),
			'company' => array( 'text', 'organization' ),
			'email'   => array( 'email', 'email' ),
			'phone'   => array( 'tel', 'tel' ),
		);

		$html = '<form id="manufacturer-agent-enquiry" class="manufacturer-agent-enquiry" method="post" action="' . Handoff_Review::inert_attribute( self::page_url() ) . '#manufacturer-agent-enquiry">';
		$html .= '<h2>' . Handoff_Review::inert( __( 'Your contact details', 'manufacturer-agent' ) ) . '</h2>';
		if ( '' !== ( $submission['notice'] ?? '' ) ) {
			$html .= '<p class="manufacturer-agent-enquiry__notice" role="alert">' . Handoff_Review::inert( $submission['notice'] ) . '</p>';
		}
		foreach ( $labels as $field => $label ) {
			$id       = 'ma-enquiry-' . $field;
			$optional = in_array( $field, self::OPTIONAL, true );
			$text     = $optional ? sprintf( /* translators: %s: field label */ __( '%s (optional)', 'manufacturer-agent' ), $label ) : $label;
			$attrs    = ' id="' . $id . '" name="' . self::PREFIX . $field . '" maxlength="' . self::MAX_LENGTH[ $field ] . '"' . ( $optional ? '' : ' required' );
			if ( isset( $errors[ $field ] ) ) {
				$attrs .= ' aria-invalid="true" aria-describedby="' . $id . '-error"';
			}
			$html .= '<p class="manufacturer-agent-enquiry__field"><label for="' . $id . '">' . Handoff_Review::inert( $text ) . '</label>';
			if ( 'message' === $field ) {
				$html .= '<textarea' . $attrs . ' rows="6">' . Handoff_Review::inert_attribute( $values[ $field ] ?? '' ) . '</textarea>';
			} else {
				$html .= '<input type="' . $types[ $field ][0] . '" autocomplete="' . $types[ $field ][1] . '"' . $attrs . ' value="' . Handoff_Review::inert_attribute( $values[ $field ] ?? '' ) . '">';
			}
			$html .= isset( $errors[ $field ] ) ? '<span class="manufacturer-agent-enquiry__error" id="' . $id . '-error">' . Handoff_Review::inert( $errors[ $field ] ) . '</span>' : '';
			$html .= '</p>';
		}
		$html .= '<p class="manufacturer-agent-enquiry__field manufacturer-agent-enquiry__consent"><label><input type="checkbox" name="ma_consent" value="1" required' . ( ! empty( $submission['consent'] ) ? ' checked' : '' ) . ( isset( $errors['consent'] ) ? ' aria-invalid="true" aria-describedby="ma-enquiry-consent-error"' : '' ) . '> ' . $this->consent_text( true ) . '</label>';
		$html .= isset( $errors['consent'] ) ? '<span class="manufacturer-agent-enquiry__error" id="ma-enquiry-consent-error">' . Handoff_Review::inert( $errors['consent'] ) . '</span>' : '';
		$html .= '</p>';
		// Hidden from people and assistive technology; software that fills every field fills it.
		$html .= '<div aria-hidden="true" style="position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden"><label for="ma-enquiry-website">Website</label><input type="text" id="ma-enquiry-website" name="' . self::HONEYPOT . '" value="" tabindex="-1" autocomplete="off"></div>';
		$html .= '<input type="hidden" name="' . self::MARKER . '" value="1">';
		$html .= '<input type="hidden" name="_ma_nonce" value="' . esc_attr( wp_create_nonce( Enquiry_Guard::NONCE_ACTION ) ) . '">';
		$html .= '<input type="hidden" name="ma_time" value="' . esc_attr( $view['time'] ) . '">';
		$html .= '<input type="hidden" name="ma_once" value="' . esc_attr( $view['once'] ) . '">';
		$html .= '<p><button type="submit">' . Handoff_Review::inert( __( 'Send enquiry', 'manufacturer-agent' ) ) . '</button></p></form>';
		return $html;
	}
}
