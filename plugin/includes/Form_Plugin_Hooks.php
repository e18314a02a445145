<?php
/**
 * Hooks for sites that take enquiries with their own form plugin.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent;

defined( 'ABSPATH' ) || exit;

/**
 * Filters used as functions, so a site's code needs no class of the plugin (README, "Your own form"):
 * apply_filters( 'manufacturer_agent_current_handoff', null ) and
 * apply_filters( 'manufacturer_agent_mark_handoff_submitted', null, $id ).
 */
final class Form_Plugin_Hooks {

	/**
	 * @param Current_Handoff   $current   The handoff the page was opened with.
	 * @param Handoff_Summary   $summary   The collected details as rows.
	 * @param Handoff_Lifecycle $lifecycle The sidecar's lifecycle calls.
	 */
	public function __construct( private Current_Handoff $current, private Handoff_Summary $summary, private Handoff_Lifecycle $lifecycle ) {
	}

	/**
	 * Adds the filters.
	 */
	public function register(): void {
		add_filter( 'manufacturer_agent_current_handoff', array( $this, 'current' ) );
		add_filter( 'manufacturer_agent_mark_handoff_submitted', array( $this, 'mark_submitted' ), 10, 2 );
	}

	/**
	 * The page's handoff with its summary as text, or null (no id, unknown, expired, sidecar away).
	 *
	 * @param mixed $fallback What the filter was given.
	 * @return array{id: string, handoff: array<string, mixed>, summary: string}|mixed
	 */
	public function current( $fallback ) {
		$record = $this->current->record();
		if ( null === $record || 'expired' === $this->current->state() ) {
			return $fallback;
		}
		return array(
			'id'      => (string) $record['id'],
			'handoff' => $record,
			'summary' => $this->summary->text( $record ),
		);
	}

	/**
	 * Marks a handoff submitted; a sidecar that is away is told later by WP-Cron.
	 *
	 * @param mixed $fallback What the filter was given.
	 * @param mixed $id       Handoff id.
	 * @return true|\WP_Error
	 */
	public function mark_submitted( $fallback, $id = '' ) {
		return $this->lifecycle->mark_submitted_or_later( is_string( $id ) ? $id : '' );
	}
}
