// Generated from the qrs OpenAPI document by openapi-typescript (npm run sdk:types). Do not edit.

export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AppContent: {
            /** Format: uri */
            app_store_url?: string;
            description?: string;
            name: string;
            /** Format: uri */
            play_store_url?: string;
        };
        CouponContent: {
            /** @description The code to show or type at checkout. */
            code?: string;
            description?: string;
            /**
             * Format: date
             * @description Last valid day (the page says so after it).
             * @example 2027-06-30
             */
            expires_on?: string;
            terms?: string;
            title: string;
            /** Format: uri */
            url?: string;
        };
        EmailContent: {
            /** Format: email */
            bcc?: string;
            body?: string;
            /** Format: email */
            cc?: string;
            subject?: string;
            /** Format: email */
            to: string;
        };
        EventContent: {
            description?: string;
            /**
             * Format: date-time
             * @description Not before starts_at; default two hours after it.
             * @example 2027-06-30T19:00:00+02:00
             */
            ends_at?: string;
            location?: string;
            /**
             * Format: date-time
             * @example 2027-06-30T19:00:00+02:00
             */
            starts_at: string;
            title: string;
            /** Format: uri */
            url?: string;
        };
        GeoContent: {
            lat: number;
            lng: number;
            query?: string;
        };
        LinksContent: {
            description?: string;
            links: {
                label: string;
                /** Format: uri */
                url: string;
            }[];
            title: string;
        };
        MenuContent: {
            /**
             * @description ISO 4217 code of the prices; default EUR.
             * @example EUR
             */
            currency?: string;
            description?: string;
            sections: {
                items: {
                    /** @description The EU 1169/2011 allergens the dish contains. */
                    allergens?: ("gluten" | "crustaceans" | "eggs" | "fish" | "peanuts" | "soybeans" | "milk" | "nuts" | "celery" | "mustard" | "sesame" | "sulphites" | "lupin" | "molluscs")[];
                    description?: string;
                    name: string;
                    price?: number;
                }[];
                name: string;
            }[];
            title: string;
        };
        PdfContent: {
            description?: string;
            /** @description An uploaded file of the workspace (POST /v1/files). */
            file_id: string;
            title?: string;
        };
        PhoneContent: {
            /** @description Digits, optional leading +, spaces, ( ) and -. */
            number: string;
        };
        SmsContent: {
            message?: string;
            /** @description Digits, optional leading +, spaces, ( ) and -. */
            number: string;
        };
        SocialContent: {
            description?: string;
            profiles: {
                label?: string;
                /** @enum {unknown} */
                network: "instagram" | "facebook" | "x" | "tiktok" | "youtube" | "linkedin" | "threads" | "bluesky" | "mastodon" | "pinterest" | "snapchat" | "whatsapp" | "telegram" | "github" | "website";
                /** Format: uri */
                url: string;
            }[];
            title: string;
        };
        TextContent: {
            text: string;
        };
        VcardContent: {
            address?: {
                city?: string;
                country?: string;
                postal_code?: string;
                region?: string;
                street?: string;
            };
            /** Format: email */
            email?: string;
            first_name?: string;
            full_name?: string;
            last_name?: string;
            /** @description Digits, optional leading +, spaces, ( ) and -. */
            mobile?: string;
            note?: string;
            organization?: string;
            /** @description Digits, optional leading +, spaces, ( ) and -. */
            phone?: string;
            title?: string;
            /** Format: uri */
            url?: string;
        };
        WifiContent: {
            /** @enum {unknown} */
            encryption: "WPA" | "WEP" | "nopass";
            hidden?: boolean;
            password?: string;
            ssid: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
/** The `content` of a code of each type but url (whose destination is `url`). */
export interface ContentByType {
    text: components["schemas"]["TextContent"];
    email: components["schemas"]["EmailContent"];
    phone: components["schemas"]["PhoneContent"];
    sms: components["schemas"]["SmsContent"];
    wifi: components["schemas"]["WifiContent"];
    vcard: components["schemas"]["VcardContent"];
    geo: components["schemas"]["GeoContent"];
    links: components["schemas"]["LinksContent"];
    pdf: components["schemas"]["PdfContent"];
    app: components["schemas"]["AppContent"];
    menu: components["schemas"]["MenuContent"];
    coupon: components["schemas"]["CouponContent"];
    event: components["schemas"]["EventContent"];
    social: components["schemas"]["SocialContent"];
}
