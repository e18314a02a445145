<?php
/**
 * Site setup of the local stack (scripts/stack.mjs runs it after wp-load.php; idempotent).
 * Prints one JSON line {"stack_setup": {...}}.
 */
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/user.php';

$result = array( 'pages' => array() );

// Pretty permalinks, so the handoff links (/kontakt/?handoff=…) and /wp-json/… resolve.
update_option( 'permalink_structure', '/%postname%/' );

// The plugin is mapped to wp-content/plugins/manufacturer-agent; activate it by that name.
$plugin = 'manufacturer-agent/manufacturer-agent.php';
if ( ! file_exists( WP_PLUGIN_DIR . '/' . $plugin ) ) {
	$result['plugin'] = 'missing';
} elseif ( is_plugin_active( $plugin ) ) {
	$result['plugin'] = 'active';
} else {
	$activated        = activate_plugin( $plugin );
	$result['plugin'] = is_wp_error( $activated ) ? 'error: ' . $activated->get_error_message() : ( is_plugin_active( $plugin ) ? 'active' : 'inactive' );
}

// The human entry points the handoff links point at, each showing what the agent collected.
foreach ( array( 'kontakt' => 'Kontakt', 'wallcheck' => 'Wallcheck' ) as $slug => $title ) {
	$page = get_page_by_path( $slug );
	if ( ! $page ) {
		$id   = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_name'    => $slug,
				'post_title'   => $title,
				'post_content' => "<!-- wp:shortcode -->\n[manufacturer_agent_handoff]\n<!-- /wp:shortcode -->",
			),
			true
		);
		$page = is_wp_error( $id ) ? null : get_post( $id );
	}
	$result['pages'][ $slug ] = $page ? (int) $page->ID : 'error';
}

// A user who is not an administrator, for the "non-administrators refused" tests.
$subscriber = get_user_by( 'login', 'subscriber' );
if ( ! $subscriber ) {
	$id         = wp_insert_user(
		array(
			'user_login' => 'subscriber',
			'user_pass'  => 'subscriber-password',
			'user_email' => 'subscriber@example.test',
			'role'       => 'subscriber',
		)
	);
	$subscriber = is_wp_error( $id ) ? null : get_user_by( 'id', $id );
}
$result['subscriber'] = $subscriber ? (int) $subscriber->ID : 'error';

// Application passwords (available because WP_ENVIRONMENT_TYPE is local); new ones on each setup.
foreach ( array( 'admin' => get_user_by( 'login', 'admin' ), 'subscriber' => $subscriber ) as $who => $user ) {
	if ( ! $user || ! class_exists( 'WP_Application_Passwords' ) ) {
		continue;
	}
	WP_Application_Passwords::delete_all_application_passwords( $user->ID );
	$created = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'stack' ) );
	if ( ! is_wp_error( $created ) ) {
		$result[ $who . '_application_password' ] = $created[0];
	}
}

flush_rewrite_rules( false );
echo "\n" . wp_json_encode( array( 'stack_setup' => $result ) ) . "\n";
