/* The editor side of the handoff review block: a placeholder; the page renders it on the server. */
( function ( blocks, element, i18n ) {
	var __ = i18n.__;
	blocks.registerBlockType( 'manufacturer-agent/handoff-review', {
		apiVersion: 2,
		title: __( 'Handoff review', 'manufacturer-agent' ),
		category: 'widgets',
		icon: 'yes-alt',
		edit: function () {
			return element.createElement(
				'div',
				{ className: 'manufacturer-agent-handoff-placeholder', style: { border: '1px dashed #8c8f94', padding: '12px' } },
				__( 'When someone opens a handoff link, what the agent collected is shown here, above the form.', 'manufacturer-agent' )
			);
		},
		save: function () {
			return null;
		},
	} );
} )( window.wp.blocks, window.wp.element, window.wp.i18n );
