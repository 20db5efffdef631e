CREATE TABLE `sender_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`sender_name` text NOT NULL,
	`from_address` text,
	`reply_to` text,
	`postal_address` text,
	`logo_url` text,
	`website_url` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
