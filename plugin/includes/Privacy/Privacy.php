<?php
/**
 * Personal data of enquiries: export, erasure, retention and the suggested privacy-policy text.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Privacy;

use ManufacturerAgent\Enquiries\Enquiries;
use ManufacturerAgent\Enquiries\Enquiry_Form;
use ManufacturerAgent\Enquiries\Enquiry_Settings;
use ManufacturerAgent\Insights\Insights_Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Ties the enquiries WordPress keeps to WordPress's own privacy tools (Tools → Export / Erase
 * Personal Data), deletes them after the retention period staff set, and suggests the policy text.
 */
final class Privacy {

	public const KEY            = 'manufacturer-agent-enquiries';
	public const RETENTION_HOOK = 'manufacturer_agent_enquiry_retention';

	/**
	 * Enquiries a page of an export or erasure request; core asks again until done.
	 */
	public const PER_PAGE = 20;

	/**
	 * Enquiries deleted a batch, and batches a run; what is left waits for a follow-up run.
	 */
	public const RETENTION_BATCH   = 100;
	public const RETENTION_BATCHES = 20;

	/**
	 * Takes its collaborators.
	 *
	 * @param Enquiries $enquiries The store.
	 */
	public function __construct( private Enquiries $enquiries ) {
	}

	/**
	 * Adds the hooks.
	 */
	public function boot(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'register_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( $this, 'register_eraser' ) );
		add_action( self::RETENTION_HOOK, array( $this, 'delete_expired' ) );
		add_action( 'init', array( self::class, 'schedule' ) );
		add_action( 'admin_init', array( $this, 'add_policy_text' ) );
	}

	/**
	 * Adds the enquiries' exporter to WordPress's list.
	 *
	 * @param array<string, array<string, mixed>> $exporters Registered exporters.
	 * @return array<string, array<string, mixed>>
	 */
	public function register_exporter( $exporters ): array {
		$exporters              = (array) $exporters;
		$exporters[ self::KEY ] = array(
			'exporter_friendly_name' => __( 'Manufacturer Agent enquiries', 'manufacturer-agent' ),
			'callback'               => array( $this, 'export' ),
		);
		return $exporters;
	}

	/**
	 * Adds the enquiries' eraser to WordPress's list.
	 *
	 * @param array<string, array<string, mixed>> $erasers Registered erasers.
	 * @return array<string, array<string, mixed>>
	 */
	public function register_eraser( $erasers ): array {
		$erasers              = (array) $erasers;
		$erasers[ self::KEY ] = array(
			'eraser_friendly_name' => __( 'Manufacturer Agent enquiries', 'manufacturer-agent' ),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * One page of the enquiries sent with an e-mail address, each field with its interface name.
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  1-based page.
	 * @return array{data: list<array<string, mixed>>, done: bool}
	 */
	public function export( $email, $page = 1 ): array {
		$ids   = $this->enquiries->ids_by_email( (string) $email, (int) $page, self::PER_PAGE );
		$items = array();
		foreach ( $ids as $id ) {
			$enquiry = $this->enquiries->get( $id );
			if ( ! $enquiry ) {
				continue;
			}
			$data = array();
			foreach ( self::export_labels() as $field => $label ) {
				if ( '' !== (string) $enquiry[ $field ] ) {
					$data[] = array(
						'name'  => $label,
						'value' => (string) $enquiry[ $field ],
					);
				}
			}
			$items[] = array(
				'group_id'          => self::KEY,
				'group_label'       => __( 'Enquiries', 'manufacturer-agent' ),
				'group_description' => __( 'Enquiries sent with the form under a handoff link.', 'manufacturer-agent' ),
				'item_id'           => 'enquiry-' . $id,
				'data'              => $data,
			);
		}
		return array(
			'data' => $items,
			'done' => count( $ids ) < self::PER_PAGE,
		);
	}

	/**
	 * Deletes the enquiries sent with an e-mail address, a page at a time.
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  1-based page; ignored, as each call deletes what the last one found.
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase( $email, $page = 1 ): array {
		unset( $page );
		// Always the first page: the previous call deleted the enquiries before it.
		$ids      = $this->enquiries->ids_by_email( (string) $email, 1, self::PER_PAGE );
		$removed  = false;
		$retained = false;
		$messages = array();
		foreach ( $ids as $id ) {
			if ( $this->enquiries->delete( $id ) ) {
				$removed = true;
			} else {
				$retained = true;
				/* translators: %d: enquiry id */
				$messages[] = sprintf( __( 'Enquiry %d could not be deleted.', 'manufacturer-agent' ), $id );
			}
		}
		return array(
			'items_removed'  => $removed,
			'items_retained' => $retained,
			'messages'       => $messages,
			// A failed deletion would be found again on every call: stop rather than loop.
			'done'           => $retained || count( $ids ) < self::PER_PAGE,
		);
	}

	/**
	 * Schedules the daily retention task where it is missing.
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::RETENTION_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::RETENTION_HOOK );
		}
	}

	/**
	 * Removes the retention task (deactivation, uninstall).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::RETENTION_HOOK );
	}

	/**
	 * The retention task: deletes the enquiries sent longer ago than the retention period.
	 *
	 * @return int Enquiries deleted.
	 */
	public function delete_expired(): int {
		$before  = time() - DAY_IN_SECONDS * (int) Enquiry_Settings::get()['retention_days'];
		$deleted = 0;
		for ( $batch = 0; $batch < self::RETENTION_BATCHES; $batch++ ) {
			$ids = $this->enquiries->ids_sent_before( $before, self::RETENTION_BATCH );
			foreach ( $ids as $id ) {
				$deleted += $this->enquiries->delete( $id ) ? 1 : 0;
			}
			if ( count( $ids ) < self::RETENTION_BATCH ) {
				return $deleted;
			}
		}
		// More than a run deletes: the rest in a few minutes rather than a day later.
		if ( ! wp_next_scheduled( self::RETENTION_HOOK, array( 'continued' ) ) ) {
			wp_schedule_single_event( time() + 5 * MINUTE_IN_SECONDS, self::RETENTION_HOOK, array( 'continued' ) );
		}
		return $deleted;
	}

	/**
	 * Suggests the plugin's part of the privacy policy (Settings → Privacy → Policy guide).
	 */
	public function add_policy_text(): void {
		if ( ! function_exists( 'wp_add_privacy_policy_content' ) ) {
			return;
		}
		wp_add_privacy_policy_content( __( 'Manufacturer Agent', 'manufacturer-agent' ), wp_kses_post( self::policy_text() ) );
	}

	/**
	 * The suggested policy text, with the retention period in force.
	 */
	public static function policy_text(): string {
		$days       = (int) Enquiry_Settings::get()['retention_days'];
		$paragraphs = array(
			__( 'When an AI agent passes a visitor\'s project on to us, it creates a handoff: a link to a page of this site that shows the requirements the agent collected (material, priority, wall size, motif). A handoff carries no personal data.', 'manufacturer-agent' ),
			__( 'On that page you can send us an enquiry with a form. It collects your name, your company (optional), your e-mail address, your telephone number (optional), your message and your consent. We use these details only to answer your enquiry.', 'manufacturer-agent' ),
			__( 'The enquiry is sent by e-mail to our advisors and stored in this site\'s database. It is not passed to the agent service or to the agent.', 'manufacturer-agent' ),
			sprintf(
				/* translators: %d: number of days */
				_n( 'Enquiries are deleted automatically %d day after they were sent.', 'Enquiries are deleted automatically %d days after they were sent.', $days, 'manufacturer-agent' ),
				$days
			),
			__( 'You can ask for a copy of the data we hold about you or for its erasure at any time.', 'manufacturer-agent' ),
		);
		array_splice( $paragraphs, 3, 0, Insights_Settings::policy_paragraphs() );
		return '<p>' . implode( '</p><p>', array_map( 'esc_html', $paragraphs ) ) . '</p>';
	}

	/**
	 * The exported fields and their names.
	 *
	 * @return array<string, string>
	 */
	private static function export_labels(): array {
		return Enquiry_Form::labels() + array(
			'consent_text' => __( 'Consent given', 'manufacturer-agent' ),
			'locale'       => __( 'Language', 'manufacturer-agent' ),
			'summary'      => __( 'Requirements the agent collected', 'manufacturer-agent' ),
			'handoff_id'   => __( 'Handoff', 'manufacturer-agent' ),
			'sent_at'      => __( 'Sent at', 'manufacturer-agent' ),
		);
	}
}
