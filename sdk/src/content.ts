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
}
