<?php
/**
 * Pictures of materials from the Media Library.
 *
 * @package ManufacturerAgent
 */

namespace ManufacturerAgent\Catalog;

use ManufacturerAgent\Settings\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Staff keep attachment ids and alt texts in the catalog (schemas/material-picture.schema.json).
 * Only WordPress knows the Media Library: before the configuration goes to the sidecar, each picture
 * is resolved to the image files WordPress generated (largest first, the square thumbnail among
 * them), and a picture whose attachment is gone, private or no image is left out. When such an
 * attachment changes, the configuration gets a new revision and is pushed again.
 */
final class Pictures {

	/** At most this many files per picture (the schema's maxItems). */
	private const MAX_SIZES = 16;

	/**
	 * The image files of a public image attachment, largest first; null when there is none to publish.
	 *
	 * @param int $attachment_id Attachment id.
	 * @return list<array{name: string, url: string, width: int, height: int, square?: bool}>|null
	 */
	public static function sizes( int $attachment_id ): ?array {
		$post = get_post( $attachment_id );
		if ( ! $post instanceof \WP_Post || 'attachment' !== $post->post_type || 'inherit' !== $post->post_status || ! wp_attachment_is_image( $post ) ) {
			return null;
		}
		if ( $post->post_parent && 'private' === get_post_status( $post->post_parent ) ) {
			// Attached to a private post, it is private too (WordPress's own rule for inherited status).
			return null;
		}
		$metadata = wp_get_attachment_metadata( $attachment_id );
		$names    = array_merge( array( 'full' ), array_keys( (array) ( is_array( $metadata ) ? ( $metadata['sizes'] ?? array() ) : array() ) ) );
		$sizes    = array();
		$seen     = array();
		foreach ( $names as $name ) {
			$name = (string) $name;
			// A size's name as the schema allows it (MaterialPicture sizes[].name).
			$src = 1 === preg_match( '/^[A-Za-z0-9_-]{1,64}$/D', $name ) ? wp_get_attachment_image_src( $attachment_id, $name ) : false;
			if ( ! is_array( $src ) || isset( $seen[ $src[0] ] ) || (int) $src[1] < 1 || (int) $src[2] < 1 || ! wp_http_validate_url( $src[0] ) ) {
				continue;
			}
			$seen[ $src[0] ] = true;
			$size            = array( 'name' => $name, 'url' => (string) $src[0], 'width' => (int) $src[1], 'height' => (int) $src[2] );
			if ( $size['width'] === $size['height'] ) {
				$size['square'] = true;
			}
			$sizes[] = $size;
		}
		usort( $sizes, static fn ( array $a, array $b ): int => $b['width'] * $b['height'] <=> $a['width'] * $a['height'] );
		return $sizes ? array_slice( $sizes, 0, self::MAX_SIZES ) : null;
	}

	/**
	 * The configuration as the sidecar gets it: every picture with its image files, unpublishable ones left out.
	 *
	 * @param array<string, mixed> $config Configuration (attachment ids and alt texts).
	 * @return array<string, mixed>
	 */
	public static function resolve( array $config ): array {
		return self::each_material(
			$config,
			static function ( ?array $picture ): ?array {
				$sizes = is_array( $picture ) ? self::sizes( (int) ( $picture['attachment_id'] ?? 0 ) ) : null;
				return null === $sizes ? null : array_merge( $picture, array( 'sizes' => $sizes ) );
			}
		);
	}

	/**
	 * The configuration as it is stored: ids and alt texts only; the files are resolved when published.
	 *
	 * @param array<string, mixed> $config Configuration.
	 * @return array<string, mixed>
	 */
	public static function stored( array $config ): array {
		return self::each_material(
			$config,
			static function ( ?array $picture ): ?array {
				if ( is_array( $picture ) ) {
					unset( $picture['sizes'] );
				}
				return $picture;
			}
		);
	}

	/**
	 * The attachments the catalog names that cannot be published (deleted, private, not an image), by material id.
	 *
	 * @param array<string, mixed> $config Configuration.
	 * @return array<string, list<int>>
	 */
	public static function unavailable( array $config ): array {
		$missing = array();
		foreach ( self::ids_by_material( $config ) as $material => $ids ) {
			foreach ( $ids as $id ) {
				if ( null === self::sizes( $id ) ) {
					$missing[ $material ][] = $id;
				}
			}
		}
		return $missing;
	}

	/**
	 * A small image of each attachment the catalog names, for the admin screen (null when unavailable).
	 *
	 * @param array<string, mixed> $config Configuration.
	 * @return array<int, string|null>
	 */
	public static function previews( array $config ): array {
		$previews = array();
		foreach ( self::ids_by_material( $config ) as $ids ) {
			foreach ( $ids as $id ) {
				$sizes           = self::sizes( $id );
				$previews[ $id ] = null === $sizes ? null : self::smallest( $sizes, 150 )['url'];
			}
		}
		return $previews;
	}

	/**
	 * The smallest file at least $min pixels wide (else the largest), for a card or a preview.
	 *
	 * @param list<array{name: string, url: string, width: int, height: int}> $sizes Largest first.
	 * @param int                                                              $min   Width wanted.
	 * @return array{name: string, url: string, width: int, height: int}
	 */
	public static function smallest( array $sizes, int $min ): array {
		$fit = $sizes[0];
		foreach ( $sizes as $size ) {
			if ( $size['width'] >= $min && empty( $size['square'] ) ) {
				$fit = $size;
			}
		}
		return $fit;
	}

	/**
	 * A material's swatch as published (with its files), or null.
	 *
	 * @param array<string, mixed> $material A material of the configuration.
	 * @return array<string, mixed>|null
	 */
	public static function swatch( array $material ): ?array {
		$picture = $material['pictures']['swatch'] ?? null;
		if ( ! is_array( $picture ) ) {
			return null;
		}
		if ( ! isset( $picture['sizes'] ) ) {
			$sizes = self::sizes( (int) ( $picture['attachment_id'] ?? 0 ) );
			if ( null === $sizes ) {
				return null;
			}
			$picture['sizes'] = $sizes;
		}
		return $picture;
	}

	/**
	 * When an attachment the catalog names changes, is deleted or changes status, the published
	 * configuration changes: a new revision, pushed at the end of the request.
	 */
	public static function watch(): void {
		add_action( 'delete_attachment', array( self::class, 'attachment_changed' ) );
		add_action( 'edit_attachment', array( self::class, 'attachment_changed' ) );
		add_action( 'attachment_updated', array( self::class, 'attachment_changed' ) );
		add_action(
			'transition_post_status',
			static function ( $new_status, $old_status, $post ): void {
				if ( $post instanceof \WP_Post && 'attachment' === $post->post_type && $new_status !== $old_status ) {
					self::attachment_changed( $post->ID );
				}
			},
			10,
			3
		);
		add_filter(
			'wp_update_attachment_metadata',
			static function ( $data, $attachment_id ) {
				self::attachment_changed( (int) $attachment_id );
				return $data;
			},
			10,
			2
		);
	}

	/**
	 * An attachment changed: a new revision if the catalog names it.
	 *
	 * @param int|string $attachment_id Attachment id.
	 */
	public static function attachment_changed( $attachment_id ): void {
		$id = (int) $attachment_id;
		foreach ( self::ids_by_material( Settings::config() ) as $ids ) {
			if ( in_array( $id, $ids, true ) ) {
				Settings::touch();
				return;
			}
		}
	}

	/**
	 * The attachment ids each material names, swatch first.
	 *
	 * @param array<string, mixed> $config Configuration.
	 * @return array<string, list<int>>
	 */
	private static function ids_by_material( array $config ): array {
		$ids = array();
		foreach ( (array) ( $config['materials'] ?? array() ) as $material ) {
			$pictures = is_array( $material ) ? ( $material['pictures'] ?? null ) : null;
			if ( ! is_array( $pictures ) ) {
				continue;
			}
			$list = array_merge( isset( $pictures['swatch'] ) ? array( $pictures['swatch'] ) : array(), (array) ( $pictures['applications'] ?? array() ) );
			foreach ( $list as $picture ) {
				if ( is_array( $picture ) && isset( $picture['attachment_id'] ) ) {
					$ids[ (string) ( $material['id'] ?? '' ) ][] = (int) $picture['attachment_id'];
				}
			}
		}
		return $ids;
	}

	/**
	 * Applies $map to every picture of every material; a picture mapped to null is left out, and so
	 * is a pictures object left empty.
	 *
	 * @param array<string, mixed>          $config Configuration.
	 * @param callable(?array): (array|null) $map    Picture to picture or null.
	 * @return array<string, mixed>
	 */
	private static function each_material( array $config, callable $map ): array {
		if ( ! isset( $config['materials'] ) || ! is_array( $config['materials'] ) ) {
			return $config;
		}
		foreach ( $config['materials'] as $index => $material ) {
			if ( ! is_array( $material ) || ! isset( $material['pictures'] ) || ! is_array( $material['pictures'] ) ) {
				continue;
			}
			$pictures = array();
			$swatch   = isset( $material['pictures']['swatch'] ) && is_array( $material['pictures']['swatch'] ) ? $map( $material['pictures']['swatch'] ) : null;
			if ( null !== $swatch ) {
				$pictures['swatch'] = $swatch;
			}
			$applications = array_values( array_filter( array_map( $map, array_filter( (array) ( $material['pictures']['applications'] ?? array() ), 'is_array' ) ) ) );
			if ( $applications ) {
				$pictures['applications'] = $applications;
			}
			if ( $pictures ) {
				$config['materials'][ $index ]['pictures'] = $pictures;
			} else {
				unset( $config['materials'][ $index ]['pictures'] );
			}
		}
		return $config;
	}
}
