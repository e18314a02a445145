/*
 * The editor side of the handoff review block: a placeholder; the page renders it on the server.
 * Title, category and API version come from the server's registration (Handoff_Review.php).
 */
( function ( blocks, element, blockEditor, i18n ) {
	var __ = i18n.__;
	blocks.registerBlockType( 'manufacturer-agent/handoff-review', {
		icon: 'yes-alt',
		edit: function () {
			// API version 3: the editor adds no wrapper of its own, the block's props go on its element.
			return element.createElement(
				'div',
				blockEditor.useBlockProps( {
					className: 'manufacturer-agent-handoff-placeholder',
					style: { border: '1px dashed #8c8f94', padding: '12px' },
				} ),
				__( 'When someone opens a handoff link, what the agent collected is shown here, above the form.', 'manufacturer-agent' )
			);
		},
		save: function () {
			return null;
		},
	} );
} )( window.wp.blocks, window.wp.element, window.wp.blockEditor, window.wp.i18n );
