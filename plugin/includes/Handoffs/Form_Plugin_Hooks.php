<?php
/**
 * Hooks for sites that take enquiries with their own form plugin.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Handoffs;

use ManufacturerAgent\Bridge\Sidecar_Client;

defined( 'ABSPATH' ) || exit;

/**
 * Filters used as functions, so a site's code needs no class of the plugin (README, "Your own form"):
 * apply_filters( 'manufacturer_agent_current_handoff', null ),
 * apply_filters( 'manufacturer_agent_handoff', null, $id ) (a form plugin's own POST carries no ?handoff=) and
 * apply_filters( 'manufacturer_agent_mark_handoff_submitted', null, $id ).
 */
final class Form_Plugin_Hooks {

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client    $client    The sidecar.
	 * @param Current_Handoff   $current   The handoff the page was opened with.
	 * @param Handoff_Summary   $summary   The collected details as rows.
	 * @param Handoff_Lifecycle $lifecycle The sidecar's lifecycle calls.
	 */
	public function __construct( private Sidecar_Client $client, private Current_Handoff $current, private Handoff_Summary $summary, private Handoff_Lifecycle $lifecycle ) {
	}

	/**
	 * Adds the filters.
	 */
	public function register(): void {
		add_filter( 'manufacturer_agent_current_handoff', array( $this, 'current' ) );
		add_filter( 'manufacturer_agent_handoff', array( $this, 'by_id' ), 10, 2 );
		add_filter( 'manufacturer_agent_mark_handoff_submitted', array( $this, 'mark_submitted' ), 10, 2 );
	}

	/**
	 * The page's handoff with its summary as text, or what the filter was given (no id, unknown,
	 * expired, sidecar away).
	 *
	 * @param mixed $fallback What the filter was given.
	 * @return array{id: string, handoff: array<string, mixed>, summary: string}|mixed
	 */
	public function current( $fallback ) {
		return $this->described( $this->current, $fallback );
	}

	/**
	 * A handoff by its id, described as current() does.
	 *
	 * @param mixed $fallback What the filter was given.
	 * @param mixed $id       Handoff id.
	 * @return array{id: string, handoff: array<string, mixed>, summary: string}|mixed
	 */
	public function by_id( $fallback, $id = '' ) {
		return is_string( $id ) && '' !== $id ? $this->described( new Current_Handoff( $this->client, $id ), $fallback ) : $fallback;
	}

	/**
	 * The handoff, its id and its summary as text.
	 *
	 * @param Current_Handoff $handoff  The lookup.
	 * @param mixed           $fallback When there is none.
	 * @return array{id: string, handoff: array<string, mixed>, summary: string}|mixed
	 */
	private function described( Current_Handoff $handoff, $fallback ) {
		$record = $handoff->record();
		if ( null === $record || 'expired' === $handoff->state() ) {
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
