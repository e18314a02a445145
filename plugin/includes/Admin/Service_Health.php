<?php
/**
 * What an operator checks about the sidecar: the facts and their verdicts.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Admin;

use ManufacturerAgent\Bridge\Config_Sync;
use ManufacturerAgent\Bridge\Sidecar_Client;
use ManufacturerAgent\Bridge\Sidecar_Unavailable;
use ManufacturerAgent\Settings\Contract;
use ManufacturerAgent\Settings\Settings;
use const ManufacturerAgent\VERSION;

defined( 'ABSPATH' ) || exit;

/**
 * One home for the checks Site Health runs, `wp manufacturer-agent status` prints and the admin
 * screen's Status tab shows: the sidecar answers, runs the plugin's version, holds the saved
 * configuration (pushed when it holds another), the shared secret is set and not the example's, the
 * storage is writable, retention ran in the last day, links are built with the site's URL. Each
 * verdict is good, recommended (worth a look) or critical (needs a person).
 */
final class Service_Health {

	public const GOOD        = 'good';
	public const RECOMMENDED = 'recommended';
	public const CRITICAL    = 'critical';

	/** The checks, in the order they are shown; secret needs no sidecar and runs directly. */
	public const CHECKS = array( 'reachable', 'version', 'config_sync', 'secret', 'storage', 'retention', 'site_url' );

	/** Seconds the status call may take: Site Health waits for it. */
	private const STATUS_TIMEOUT = 10;

	/** Retention runs hourly; a day without a successful run is worth a look. */
	private const RETENTION_STALE_SECONDS = DAY_IN_SECONDS;

	/**
	 * The sidecar's status, read once per request.
	 *
	 * @var array{reachable: bool, data: array<string, mixed>, error: string}|null
	 */
	private ?array $sidecar = null;

	/**
	 * What the last sync_if_stale() did.
	 *
	 * @var array{needed: bool, pushed: bool, from: string|null, error: string|null}|null
	 */
	private ?array $sync_result = null;

	/**
	 * Takes its collaborators.
	 *
	 * @param Sidecar_Client $client The sidecar.
	 * @param Config_Sync    $sync   Pushes the saved configuration.
	 */
	public function __construct( private Sidecar_Client $client, private Config_Sync $sync ) {
	}

	/**
	 * GET /_bridge/status, naming the site's URL as a relayed request does, so the answer says which
	 * base this site's links get.
	 *
	 * @param bool $fresh Ask again rather than reuse this request's answer.
	 * @return array{reachable: bool, data: array<string, mixed>, error: string}
	 */
	public function sidecar( bool $fresh = false ): array {
		if ( null !== $this->sidecar && ! $fresh ) {
			return $this->sidecar;
		}
		$result = array( 'reachable' => false, 'data' => array(), 'error' => '' );
		try {
			$answer = $this->client->request(
				'GET',
				Contract::get( 'bridge_prefix' ) . '/status',
				array(
					'accept'                           => 'application/json',
					Contract::header( 'publicBase' ) => self::site_url(),
				),
				null,
				null,
				null,
				self::STATUS_TIMEOUT,
				true
			);
			$data = $answer->json();
			if ( 200 === $answer->status && is_array( $data ) ) {
				$result = array( 'reachable' => true, 'data' => $data, 'error' => '' );
			} else {
				$result['error'] = 403 === $answer->status
					? __( 'The sidecar refuses the bridge: the shared secret differs.', 'manufacturer-agent' )
					: sprintf( /* translators: %d: HTTP status */ __( 'The sidecar answered with status %d.', 'manufacturer-agent' ), $answer->status );
			}
		} catch ( Sidecar_Unavailable $e ) {
			$result['error'] = __( 'The sidecar cannot be reached.', 'manufacturer-agent' ) . ' (' . $e->getMessage() . ')';
		}
		$this->sidecar = $result;
		return $result;
	}

	/**
	 * The base of the site's links: what the bridge names on every relayed request.
	 */
	public static function site_url(): string {
		return untrailingslashit( home_url() );
	}

	/**
	 * When the sidecar answers with another revision than the one saved (it restarted, or missed a
	 * push), pushes the saved configuration and reads the status again.
	 *
	 * @return array{needed: bool, pushed: bool, from: string|null, error: string|null}
	 */
	public function sync_if_stale(): array {
		if ( null !== $this->sync_result ) {
			return $this->sync_result;
		}
		$sidecar = $this->sidecar();
		$held    = isset( $sidecar['data']['revision'] ) ? (string) $sidecar['data']['revision'] : null;
		$result  = array( 'needed' => false, 'pushed' => false, 'from' => $held, 'error' => null );
		if ( $sidecar['reachable'] && Settings::revision() !== $held ) {
			$result['needed'] = true;
			$pushed           = $this->sync->push();
			if ( true === $pushed ) {
				$result['pushed'] = true;
			} else {
				$result['error'] = self::error_text( $pushed );
			}
			$this->sidecar( true );
		}
		$this->sync_result = $result;
		return $result;
	}

	/**
	 * A WP_Error's message with its field errors, for people.
	 *
	 * @param \WP_Error $error The error.
	 */
	public static function error_text( \WP_Error $error ): string {
		$text = $error->get_error_message();
		$data = $error->get_error_data();
		foreach ( (array) ( is_array( $data ) ? ( $data['errors'] ?? array() ) : array() ) as $field ) {
			$text .= ' ' . ( $field['field'] ?? '' ) . ': ' . ( $field['message'] ?? '' ) . ';';
		}
		return rtrim( $text, ';' );
	}

	/**
	 * Whether the configured secret is empty, the documentation's example, or set.
	 *
	 * @return 'empty'|'example'|'set'
	 */
	public function secret_state(): string {
		if ( ! $this->client->has_token() ) {
			return 'empty';
		}
		return $this->client->is_token( (string) Contract::get( 'example_bridge_token' ) ) ? 'example' : 'set';
	}

	/**
	 * One check's verdict.
	 *
	 * @param string $id One of CHECKS.
	 * @return array{id: string, status: string, label: string, description: string, action: array{url: string, text: string}|null}
	 */
	public function check( string $id ): array {
		if ( 'secret' === $id ) {
			return $this->check_secret();
		}
		// The configuration is pushed before anything else is judged, so the other checks see the sidecar as it now is.
		$sync    = 'config_sync' === $id ? $this->sync_if_stale() : null;
		$sidecar = $this->sidecar();
		if ( ! $sidecar['reachable'] ) {
			return 'reachable' === $id ? $this->verdict( $id, self::CRITICAL, __( 'The agent service does not answer', 'manufacturer-agent' ), sprintf( /* translators: 1: sidecar URL, 2: what went wrong */ __( 'WordPress cannot use the sidecar at %1$s: %2$s Until it answers, every public path of the service (the REST API, /mcp/, /llms.txt, question answering) answers 503. Start the sidecar (see the installation instructions) and check MANUFACTURER_AGENT_SIDECAR_URL and MANUFACTURER_AGENT_BRIDGE_TOKEN.', 'manufacturer-agent' ), $this->client->base_url(), $sidecar['error'] ), self::status_action() )
				: $this->verdict( $id, self::RECOMMENDED, sprintf( /* translators: %s: what could not be checked */ __( '%s: not checked, the agent service does not answer', 'manufacturer-agent' ), self::title( $id ) ), __( 'This is checked once the sidecar answers; see the test “The agent service does not answer”.', 'manufacturer-agent' ), self::status_action() );
		}
		$data = $sidecar['data'];
		switch ( $id ) {
			case 'reachable':
				return $this->verdict( $id, self::GOOD, __( 'The agent service answers', 'manufacturer-agent' ), sprintf( /* translators: 1: sidecar URL, 2: uptime in hours */ __( 'The sidecar at %1$s answers the bridge; it has been running for %2$s hours.', 'manufacturer-agent' ), $this->client->base_url(), number_format_i18n( ( (int) ( $data['uptime_seconds'] ?? 0 ) ) / HOUR_IN_SECONDS, 1 ) ) );
			case 'version':
				// The release the sidecar's bundle was built from; an older sidecar names only its interface version.
				$running = (string) ( $data['plugin_version'] ?? $data['version'] ?? '' );
				return VERSION === $running
					? $this->verdict( $id, self::GOOD, __( 'The agent service runs the plugin’s version', 'manufacturer-agent' ), sprintf( /* translators: %s: version */ __( 'Plugin and sidecar are both version %s.', 'manufacturer-agent' ), VERSION ) )
					: $this->verdict( $id, self::CRITICAL, __( 'The agent service runs another version than the plugin', 'manufacturer-agent' ), sprintf( /* translators: 1: sidecar version, 2: plugin version */ __( 'The sidecar runs version %1$s, the plugin is version %2$s. After a plugin update the sidecar must be restarted (with npm install --omit=dev in its folder first), or the two may not understand each other.', 'manufacturer-agent' ), '' !== $running ? $running : '?', VERSION ), self::status_action() );
			case 'config_sync':
				$sync = $sync ?? $this->sync_if_stale();
				if ( ! $sync['needed'] ) {
					return $this->verdict( $id, self::GOOD, __( 'The agent service holds the saved configuration', 'manufacturer-agent' ), sprintf( /* translators: %s: revision */ __( 'WordPress and the sidecar both hold configuration revision %s.', 'manufacturer-agent' ), Settings::revision() ) );
				}
				if ( $sync['pushed'] ) {
					return $this->verdict( $id, self::GOOD, __( 'The agent service holds the saved configuration', 'manufacturer-agent' ), sprintf( /* translators: 1: revision the sidecar held, 2: saved revision */ __( 'The sidecar held configuration revision %1$s (it had restarted or missed a save); WordPress has just sent it the saved configuration, revision %2$s, and it holds that now.', 'manufacturer-agent' ), (string) ( $sync['from'] ?? '—' ), Settings::revision() ) );
				}
				return $this->verdict( $id, self::CRITICAL, __( 'The agent service does not accept the saved configuration', 'manufacturer-agent' ), sprintf( /* translators: 1: revision the sidecar holds, 2: saved revision, 3: the sidecar's refusal */ __( 'The sidecar holds configuration revision %1$s, WordPress saved %2$s, and sending it failed: %3$s Agents get the configuration the sidecar holds until the saved one is corrected and saved again.', 'manufacturer-agent' ), (string) ( $sync['from'] ?? '—' ), Settings::revision(), (string) $sync['error'] ), self::status_action() );
			case 'storage':
				$storage = (array) ( $data['storage'] ?? array() );
				return ! empty( $storage['writable'] )
					? $this->verdict( $id, self::GOOD, __( 'The handoff storage is writable', 'manufacturer-agent' ), sprintf( /* translators: 1: store kind, 2: detail */ __( 'Store: %1$s (%2$s).', 'manufacturer-agent' ), (string) ( $storage['kind'] ?? '?' ), (string) ( $storage['detail'] ?? '' ) ) )
					: $this->verdict( $id, self::CRITICAL, __( 'The handoff storage is not writable', 'manufacturer-agent' ), sprintf( /* translators: 1: store kind, 2: detail */ __( 'Store: %1$s: %2$s. Agents cannot create handoffs until the sidecar can write there (MANUFACTURER_AGENT_DATA_DIR or MANUFACTURER_AGENT_DATABASE_URL).', 'manufacturer-agent' ), (string) ( $storage['kind'] ?? '?' ), (string) ( $storage['detail'] ?? '' ) ), self::status_action() );
			case 'retention':
				return $this->check_retention( (array) ( $data['retention'] ?? array() ) );
			case 'site_url':
				$base = (string) ( $data['public_base'] ?? '' );
				return self::site_url() === $base
					? $this->verdict( $id, self::GOOD, __( 'The agent service links to this site', 'manufacturer-agent' ), sprintf( /* translators: %s: URL */ __( 'Links in the service’s answers (handoff links, documents) start with %s, the site’s address.', 'manufacturer-agent' ), $base ) )
					: $this->verdict( $id, self::CRITICAL, __( 'The agent service links to another address', 'manufacturer-agent' ), sprintf( /* translators: 1: URL the sidecar uses, 2: the site's URL */ __( 'Links in the service’s answers start with %1$s, not with the site’s address %2$s: the sidecar answers for at most a few site addresses per configuration and falls back to MANUFACTURER_AGENT_PUBLIC_URL. Set MANUFACTURER_AGENT_PUBLIC_URL to the site’s address and restart the sidecar.', 'manufacturer-agent' ), '' !== $base ? $base : '?', self::site_url() ), self::status_action() );
		}
		throw new \InvalidArgumentException( 'unknown check' );
	}

	/**
	 * Every check, in order.
	 *
	 * @return list<array{id: string, status: string, label: string, description: string, action: array{url: string, text: string}|null}>
	 */
	public function checks(): array {
		// The push first: every other verdict is then about the sidecar as it is after it.
		$this->sync_if_stale();
		return array_map( array( $this, 'check' ), self::CHECKS );
	}

	/**
	 * What each check is about, for a list or a test's name.
	 *
	 * @param string $id One of CHECKS.
	 */
	public static function title( string $id ): string {
		$titles = array(
			'reachable'   => __( 'Agent service reachable', 'manufacturer-agent' ),
			'version'     => __( 'Agent service version', 'manufacturer-agent' ),
			'config_sync' => __( 'Agent service configuration', 'manufacturer-agent' ),
			'secret'      => __( 'Agent service shared secret', 'manufacturer-agent' ),
			'storage'     => __( 'Agent service handoff storage', 'manufacturer-agent' ),
			'retention'   => __( 'Agent service retention', 'manufacturer-agent' ),
			'site_url'    => __( 'Agent service links', 'manufacturer-agent' ),
		);
		return $titles[ $id ] ?? $id;
	}

	/**
	 * The facts behind the checks, for the Info tab and the CLI (never the secret itself).
	 *
	 * @return array<string, array{label: string, value: string}>
	 */
	public function facts(): array {
		$sidecar   = $this->sidecar();
		$data      = $sidecar['data'];
		$storage   = (array) ( $data['storage'] ?? array() );
		$retention = (array) ( $data['retention'] ?? array() );
		$none      = '—';
		$secret    = array(
			'empty'   => __( 'Not set', 'manufacturer-agent' ),
			'example' => __( 'Set to the documentation’s example', 'manufacturer-agent' ),
			'set'     => __( 'Set', 'manufacturer-agent' ),
		);
		$facts     = array(
			'plugin_version'     => array( __( 'Plugin version', 'manufacturer-agent' ), VERSION ),
			'sidecar_url'        => array( __( 'Sidecar URL', 'manufacturer-agent' ), $this->client->base_url() ),
			'reachable'          => array( __( 'Sidecar reachable', 'manufacturer-agent' ), $sidecar['reachable'] ? __( 'Yes', 'manufacturer-agent' ) : __( 'No', 'manufacturer-agent' ) . ( '' !== $sidecar['error'] ? ' — ' . $sidecar['error'] : '' ) ),
			'sidecar_version'    => array( __( 'Sidecar version', 'manufacturer-agent' ), (string) ( $data['plugin_version'] ?? $data['version'] ?? $none ) ),
			'interface_version'  => array( __( 'Interface version', 'manufacturer-agent' ), (string) ( $data['version'] ?? $none ) ),
			'secret'             => array( __( 'Shared secret', 'manufacturer-agent' ), $secret[ $this->secret_state() ] ),
			'wordpress_revision' => array( __( 'Configuration revision in WordPress', 'manufacturer-agent' ), Settings::revision() ),
			'sidecar_revision'   => array( __( 'Configuration revision in the sidecar', 'manufacturer-agent' ), (string) ( $data['revision'] ?? $none ) ),
			'store'              => array( __( 'Handoff storage', 'manufacturer-agent' ), (string) ( $storage['kind'] ?? $none ) ),
			'storage_writable'   => array( __( 'Handoff storage writable', 'manufacturer-agent' ), isset( $storage['writable'] ) ? ( $storage['writable'] ? __( 'Yes', 'manufacturer-agent' ) : __( 'No', 'manufacturer-agent' ) ) : $none ),
			'retention_last_run' => array( __( 'Retention last ran', 'manufacturer-agent' ), (string) ( $retention['last_run_at'] ?? $none ) ),
			'retention_last_ok'  => array( __( 'Retention last succeeded', 'manufacturer-agent' ), (string) ( $retention['last_success_at'] ?? $none ) ),
			'handoff_retention'  => array( __( 'Handoff retention (days)', 'manufacturer-agent' ), (string) ( $data['handoff_retention_days'] ?? $none ) ),
			'key_retention'      => array( __( 'Idempotency key retention (days)', 'manufacturer-agent' ), (string) ( $data['idempotency_retention_days'] ?? $none ) ),
			'site_url'           => array( __( 'Site address', 'manufacturer-agent' ), self::site_url() ),
			'public_base'        => array( __( 'Links in answers to this site start with', 'manufacturer-agent' ), (string) ( $data['public_base'] ?? $none ) ),
			'public_url'         => array( __( 'Links in direct answers start with', 'manufacturer-agent' ), (string) ( $data['public_url'] ?? $none ) ),
			'uptime'             => array( __( 'Sidecar running for (seconds)', 'manufacturer-agent' ), (string) ( $data['uptime_seconds'] ?? $none ) ),
		);
		return array_map(
			static fn ( array $fact ): array => array( 'label' => $fact[0], 'value' => $fact[1] ),
			$facts
		);
	}

	/**
	 * The shared secret: set, and not the example anyone can read.
	 *
	 * @return array{id: string, status: string, label: string, description: string, action: array{url: string, text: string}|null}
	 */
	private function check_secret(): array {
		$how = __( 'Set MANUFACTURER_AGENT_BRIDGE_TOKEN to the same long random string (for example from openssl rand -hex 32) in wp-config.php and in the sidecar’s environment, then restart the sidecar.', 'manufacturer-agent' );
		switch ( $this->secret_state() ) {
			case 'empty':
				return $this->verdict( 'secret', self::CRITICAL, __( 'No shared secret is set for the agent service', 'manufacturer-agent' ), __( 'Without MANUFACTURER_AGENT_BRIDGE_TOKEN the sidecar trusts no bridge: saves are refused, visitors are counted as one client and links use the sidecar’s own address.', 'manufacturer-agent' ) . ' ' . $how, self::status_action() );
			case 'example':
				return $this->verdict( 'secret', self::CRITICAL, __( 'The agent service’s shared secret is the documentation’s example', 'manufacturer-agent' ), __( 'MANUFACTURER_AGENT_BRIDGE_TOKEN is the placeholder of the installation instructions, which anyone can read: whoever reaches the sidecar could push a configuration.', 'manufacturer-agent' ) . ' ' . $how, self::status_action() );
		}
		return $this->verdict( 'secret', self::GOOD, __( 'The agent service has a shared secret of its own', 'manufacturer-agent' ), __( 'MANUFACTURER_AGENT_BRIDGE_TOKEN is set and is not the documentation’s example.', 'manufacturer-agent' ) );
	}

	/**
	 * Retention: a successful run in the last day.
	 *
	 * @param array<string, mixed> $retention The status's retention part.
	 * @return array{id: string, status: string, label: string, description: string, action: array{url: string, text: string}|null}
	 */
	private function check_retention( array $retention ): array {
		$success = isset( $retention['last_success_at'] ) ? strtotime( (string) $retention['last_success_at'] ) : false;
		if ( false !== $success && time() - $success <= self::RETENTION_STALE_SECONDS ) {
			return $this->verdict( 'retention', self::GOOD, __( 'The agent service’s retention ran in the last day', 'manufacturer-agent' ), sprintf( /* translators: %s: time of the run */ __( 'Expired idempotency keys and handoffs past their retention were last removed at %s (the sidecar does this hourly).', 'manufacturer-agent' ), (string) $retention['last_success_at'] ) );
		}
		$why = isset( $retention['error'] ) ? (string) $retention['error'] : __( 'no run succeeded', 'manufacturer-agent' );
		return $this->verdict( 'retention', self::RECOMMENDED, __( 'The agent service’s retention has not run in the last day', 'manufacturer-agent' ), sprintf( /* translators: 1: last successful run or a dash, 2: why */ __( 'The last successful run was at %1$s (%2$s). Handoffs past their retention are kept until a run succeeds; the sidecar’s log says why it failed.', 'manufacturer-agent' ), isset( $retention['last_success_at'] ) ? (string) $retention['last_success_at'] : '—', $why ), self::status_action() );
	}

	/**
	 * A verdict.
	 *
	 * @param string                                   $id          Check.
	 * @param string                                   $status      good, recommended or critical.
	 * @param string                                   $label       What holds, in a line.
	 * @param string                                   $description Why, and what to do.
	 * @param array{url: string, text: string}|null $action      Where to go.
	 * @return array{id: string, status: string, label: string, description: string, action: array{url: string, text: string}|null}
	 */
	private function verdict( string $id, string $status, string $label, string $description, ?array $action = null ): array {
		return array(
			'id'          => $id,
			'status'      => $status,
			'label'       => $label,
			'description' => $description,
			'action'      => $action,
		);
	}

	/**
	 * The plugin's screen, whose Status tab shows the sidecar.
	 *
	 * @return array{url: string, text: string}
	 */
	private static function status_action(): array {
		return array(
			'url'  => admin_url( 'admin.php?page=' . Admin_Page::SLUG ),
			'text' => __( 'Open the agent service’s status', 'manufacturer-agent' ),
		);
	}
}
